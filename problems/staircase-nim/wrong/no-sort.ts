// The pairing rule is right, but the learner trusts the samples and never sorts the positions:
// they are not sorted in general.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const a = data.slice(p, p + n);
  p += n;
  let x = 0;
  for (let i = n - 1; i >= 0; i -= 2) x ^= a[i] - (i > 0 ? a[i - 1] : 0) - 1;
  out.push(x ? 'Georgia will win' : 'Bob will win');
}
console.log(out.join('\n'));
