// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner tables the value of a single head by mex (over flipping it alone, with one coin to its
// left, or with two) for the first 256 coins, and looks positions up in that table. Beyond it,
// g[x] is undefined, which XOR treats as 0: a head far to the right counts for nothing.
import * as fs from 'fs';
const N = 256;
const g: number[] = [];
for (let x = 0; x < N; x++) {
  const seen = new Set<number>([0]);
  for (let y = 0; y < x; y++) {
    seen.add(g[y]);
    for (let z = 0; z < y; z++) seen.add(g[y] ^ g[z]);
  }
  let v = 0;
  while (seen.has(v)) v++;
  g.push(v);
}
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
let p = 0;
while (p < a.length) {
  const n = a[p++];
  const heads = new Set<number>();
  for (let i = 0; i < n; i++) heads.add(a[p++]);
  let x = 0;
  for (const h of heads) x ^= g[h];
  out.push(x === 0 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
