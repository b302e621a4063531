// stress: size max first reveals this mistake (random small inputs never reach it).
// The learner types the golden ratio to 14 significant digits, 1.6180339887499: above φ (the 14th digit rounded up), so at some large k the floor rises by one.
import * as fs from 'fs';
const PHI = 1.6180339887499;
const nums = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let i = 0; i + 1 < nums.length; i += 2) {
  const a = Math.min(nums[i], nums[i + 1]);
  const b = Math.max(nums[i], nums[i + 1]);
  out.push(Math.floor((b - a) * PHI) === a ? '0' : '1');
}
console.log(out.join('\n'));
