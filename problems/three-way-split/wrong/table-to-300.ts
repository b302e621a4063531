// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner computes the SG table by mex up to 300 (correct there), sees no pattern, and treats
// bigger heaps as plain Nim heaps.
import * as fs from 'fs';
const LIMIT = 300;
const g: number[] = [0];
for (let s = 1; s <= LIMIT; s++) {
  const seen = new Set<number>();
  for (let m = 0; m < s; m++) seen.add(g[m]);
  for (let a = 1; a < s; a++) for (let b = 1; a + b < s; b++) seen.add(g[a] ^ g[b] ^ g[s - a - b]);
  let v = 0;
  while (seen.has(v)) v++;
  g.push(v);
}
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) {
    const s = a[p++];
    x ^= s <= LIMIT ? g[s] : s;
  }
  out.push(x ? 'First player wins.' : 'Second player wins.');
}
console.log(out.join('\n'));
