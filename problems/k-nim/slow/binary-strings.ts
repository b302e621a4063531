// Moore's theorem, correctly, but each bit of each pile is read by turning the pile into a padded
// binary string again: 31 conversions per pile, about 3·10^7 string allocations on a full input.
import { readFileSync } from 'fs';
const v = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = v[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = v[p++];
  const k = v[p++];
  const a = v.slice(p, p + n);
  p += n;
  let lose = true;
  for (let b = 0; b < 31; b++) {
    let cnt = 0;
    for (let i = 0; i < n; i++) if (a[i].toString(2).padStart(31, '0')[30 - b] === '1') cnt++;
    if (cnt % (k + 1) !== 0) lose = false;
  }
  out.push(lose ? 'Second' : 'First');
}
console.log(out.join('\n'));
