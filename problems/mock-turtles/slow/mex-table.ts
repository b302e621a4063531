// Correct: distinct heads, and the value of a single head by mex over its options (nothing, one
// coin y < x, or two coins z < y < x), tabled up to the largest position: O(x^2) per value,
// hopeless for positions near 10^8.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const g: number[] = [];
function value(x: number): number {
  while (g.length <= x) {
    const n = g.length;
    const seen = new Set<number>([0]);
    for (let y = 0; y < n; y++) {
      seen.add(g[y]);
      for (let z = 0; z < y; z++) seen.add(g[y] ^ g[z]);
    }
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g[x];
}
const out: string[] = [];
let p = 0;
while (p < a.length) {
  const n = a[p++];
  const heads = new Set(a.slice(p, p + n));
  p += n;
  let x = 0;
  for (const h of heads) x ^= value(h);
  out.push(x === 0 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
