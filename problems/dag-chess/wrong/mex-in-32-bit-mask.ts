// stress: random inputs almost never reveal this mistake (random graphs rarely reach Grundy value 32; the stored towers of Grundy values 32, 64, 65 and 199 kill it).
// The mex is kept in one 32-bit word (mask |= 1 << g): 1 << 32 is 1 << 0 in JavaScript, so a
// successor of value 32 marks 0 and the values from 32 on come out wrong.
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
    let mask = 0;
    for (const w of adj[v]) mask |= 1 << value(w);
    let g = 0;
    while (g < 32 && (mask >> g) & 1) g++;
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
