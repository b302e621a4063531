// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner computes the SG table by mex up to 1000 (correct there) and, having no pattern,
// assumes larger piles behave like Nim ("splitting stops mattering for big piles").
import * as fs from 'fs';
const LIMIT = 1000;
const sg = [0];
for (let s = 1; s <= LIMIT; s++) {
  const seen = new Set<number>();
  for (let m = 0; m < s; m++) seen.add(sg[m]);
  for (let a = 1; a < s; a++) seen.add(sg[a] ^ sg[s - a]);
  let g = 0;
  while (seen.has(g)) g++;
  sg.push(g);
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
    x ^= s <= LIMIT ? sg[s] : s;
  }
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
