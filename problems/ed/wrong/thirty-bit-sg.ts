// stress: size medium first reveals this mistake (random small inputs never reach it).
// The closed form, correctly: a pair's SG value is the number of trailing one-bits of
// (x - 1) | (y - 1). The learner counts them with a loop over bits 0..29 ("2·10^9 is about 2^30"),
// so a pair of SG value 31 counts as 30: beside a pair of SG 30 it cancels out.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  let x = 0;
  for (let i = 0; i < n; i += 2) {
    const v = (data[p++] - 1) | (data[p++] - 1);
    let sg = 0;
    for (let b = 0; b < 30 && (v >> b) & 1; b++) sg++;
    x ^= sg;
  }
  out.push(x ? 'YES' : 'NO');
}
console.log(out.join('\n'));
