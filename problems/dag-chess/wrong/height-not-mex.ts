// The learner takes a position's value to be one more than its largest successor's (the height in
// the DAG) instead of the smallest value missing among the successors.
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
  const memo: number[] = new Array(n).fill(-1);
  const h = (v: number): number => {
    if (memo[v] >= 0) return memo[v];
    let best = -1;
    for (const w of adj[v]) best = Math.max(best, h(w));
    return (memo[v] = best + 1);
  };
  for (;;) {
    const m = d[p++];
    if (!m) break;
    let x = 0;
    for (let i = 0; i < m; i++) x ^= h(d[p++]);
    out.push(x !== 0 ? 'WIN' : 'LOSE');
  }
}
console.log(out.join('\n'));
