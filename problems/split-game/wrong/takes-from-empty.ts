// The Grundy values and the XOR are right, but the learner forgot that bottle i must hold a bean:
// moves out of empty bottles are counted (and may be printed) as winning first moves.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const a = data.slice(p, p + n);
  p += n;
  const sg: number[] = new Array(n).fill(0);
  for (let i = n - 2; i >= 0; i--) {
    const seen: boolean[] = [];
    for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen[sg[j] ^ sg[k]] = true;
    while (seen[sg[i]]) sg[i]++;
  }
  let x = 0;
  for (let i = 0; i < n; i++) if (a[i] % 2 === 1) x ^= sg[i];
  let best = '-1 -1 -1';
  let cnt = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j; k < n; k++)
        if ((x ^ sg[i] ^ sg[j] ^ sg[k]) === 0) {
          if (cnt === 0) best = i + ' ' + j + ' ' + k;
          cnt++;
        }
  out.push(best);
  out.push(String(cnt));
}
console.log(out.join('\n'));
