// "Separating takes no candy, so it changes nothing": the learner plays plain Nim, XOR of the
// heaps. Both samples agree (4 ^ 4 = 0, 1 ^ 2 ^ 4 = 7).
import * as fs from 'fs';
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let at = 0;
const T = tok[at++];
const lines: string[] = [];
for (let c = 0; c < T; c++) {
  const n = tok[at++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= tok[at++];
  lines.push(x === 0 ? 'Second player wins.' : 'First player wins.');
}
console.log(lines.join('\n'));
