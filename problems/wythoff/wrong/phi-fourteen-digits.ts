// stress: size max first reveals this mistake (random small inputs never reach it).
// The learner types the golden ratio to 14 significant digits, 1.61803398874989: below φ = 1.6180339887498948…, so at some large k the floor drops by one and a cold pair is called a win.
import * as fs from 'fs';
const PHI = 1.61803398874989;
const nums = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let i = 0; i + 1 < nums.length; i += 2) {
  const a = Math.min(nums[i], nums[i + 1]);
  const b = Math.max(nums[i], nums[i + 1]);
  out.push(Math.floor((b - a) * PHI) === a ? '0' : '1');
}
console.log(out.join('\n'));
