// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// Moore's theorem, correctly, over all 30 bits, but the learner keeps the count of piles having
// each bit in a Uint16Array ("counts are small"): with 65,536 piles or more a count is kept modulo
// 2^16, and its remainder modulo k + 1 changes unless k + 1 divides 2^16.
import * as fs from 'fs';
// Up to 10^6 numbers: read by character codes rather than split into strings.
const text = fs.readFileSync(0, 'utf8');
const v: number[] = [];
let cur = -1;
for (let i = 0; i < text.length; i++) {
  const d = text.charCodeAt(i) - 48;
  if (d >= 0 && d <= 9) cur = cur < 0 ? d : cur * 10 + d;
  else if (cur >= 0) {
    v.push(cur);
    cur = -1;
  }
}
if (cur >= 0) v.push(cur);
let p = 0;
const t = v[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = v[p++];
  const k = v[p++];
  const count = new Uint16Array(30);
  for (let i = 0; i < n; i++) {
    const x = v[p++];
    for (let b = 0; b < 30; b++) if ((x >> b) & 1) count[b]++;
  }
  out.push(count.every((m) => m % (k + 1) === 0) ? 'Second' : 'First');
}
console.log(out.join('\n'));
