// stress: random inputs almost never reveal this mistake (random graphs rarely reach Grundy value 32; the stored towers of Grundy values 32, 64, 65 and 199 kill it).
// Marks in a fixed array of 32 ("Grundy values stay small"): a mark at 32 or more is dropped,
// so the mex stops at 32.
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
  const sg = new Array<number>(n).fill(-1);
  const value = (v: number): number => {
    if (sg[v] >= 0) return sg[v];
    const seen = new Uint8Array(32);
    for (const w of adj[v]) seen[value(w)] = 1;
    let g = 0;
    while (seen[g]) g++;
    return (sg[v] = g);
  };
  while (true) {
    const m = d[p++];
    if (m === 0) break;
    let x = 0;
    for (let i = 0; i < m; i++) x ^= value(d[p++]);
    out.push(x ? 'WIN' : 'LOSE');
  }
}
console.log(out.join('\n'));
