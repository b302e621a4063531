// The learner stops scanning S at the first move larger than n, as if S were given in increasing
// order (it is in the samples); a smaller move listed after a larger one is never tried.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
while (true) {
  const k = data[p++];
  if (!k) break;
  const s = data.slice(p, p + k);
  p += k;
  const sg: number[] = new Array(10001).fill(0);
  for (let n = 1; n <= 10000; n++) {
    const seen: boolean[] = [];
    for (let i = 0; i < k; i++) {
      if (s[i] > n) break;
      seen[sg[n - s[i]]] = true;
    }
    let g = 0;
    while (seen[g]) g++;
    sg[n] = g;
  }
  const m = data[p++];
  let line = '';
  for (let i = 0; i < m; i++) {
    const l = data[p++];
    let x = 0;
    for (let j = 0; j < l; j++) x ^= sg[data[p++]];
    line += x ? 'W' : 'L';
  }
  out.push(line);
}
console.log(out.join('\n'));
