// stress: size medium first reveals this mistake (random small inputs never reach it).
// The textbook formula in doubles: (a, b) with a ≤ b loses when a = ⌊(b − a)(1 + √5)/2⌋. Near 10^9,
// (b − a)·φ can lie closer to an integer than a double can tell, and the floor is off by one.
import * as fs from 'fs';
const nums = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let i = 0; i + 1 < nums.length; i += 2) {
  let a = nums[i], b = nums[i + 1];
  if (a > b) [a, b] = [b, a];
  const k = b - a;
  out.push(Math.floor((k * (1 + Math.sqrt(5))) / 2) === a ? '0' : '1');
}
console.log(out.join('\n'));
