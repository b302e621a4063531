// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// The closed form, correctly (a pair's SG value is the number of trailing one-bits of
// (x - 1) | (y - 1)), but the learner stores x - 1 in a Uint16Array ("piles are small numbers"): a
// pile above 65,536 keeps only its low 16 bits, and a pair of SG 17 or more counts as 16.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const low = new Uint16Array(n);
  for (let i = 0; i < n; i++) low[i] = data[p++] - 1;
  let x = 0;
  for (let i = 0; i < n; i += 2) {
    let v = low[i] | low[i + 1];
    let sg = 0;
    while (v & 1) {
      v >>= 1;
      sg++;
    }
    x ^= sg;
  }
  out.push(x ? 'YES' : 'NO');
}
console.log(out.join('\n'));
