// The learner noticed that a pair of two odd piles is a loss and every other pair is a win, and
// treats every winning pair as SG 1: the answer becomes the parity of the number of such pairs.
// Wrong as soon as a pair has SG 2 or more, e.g. (2, 2) and (4, 4) together.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  let x = 0;
  for (let i = 0; i < n; i += 2) {
    const a = data[p++];
    const b = data[p++];
    if (a % 2 === 0 || b % 2 === 0) x ^= 1;
  }
  out.push(x ? 'YES' : 'NO');
}
console.log(out.join('\n'));
