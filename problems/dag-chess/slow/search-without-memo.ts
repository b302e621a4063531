// Correct values by the definition, but without remembering them: every query recomputes
// sg(v) = mex of its successors recursively, walking every path of the DAG (2^500 on a ladder).
import { readFileSync } from 'fs';
const d = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
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
  const sg = (v: number): number => {
    const s = new Set<number>();
    for (const w of adj[v]) s.add(sg(w));
    let g = 0;
    while (s.has(g)) g++;
    return g;
  };
  for (;;) {
    const m = d[p++];
    if (m === 0) break;
    let x = 0;
    for (let i = 0; i < m; i++) x ^= sg(d[p++]);
    out.push(x ? 'WIN' : 'LOSE');
  }
}
console.log(out.join('\n'));
