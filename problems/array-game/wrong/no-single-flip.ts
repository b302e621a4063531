// The quotient trick is right, but the learner forgot the move with k = 1 (flip x alone, reaching
// the empty XOR 0), so 0 is missing from every mex set.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const n = data[p++];
const q = data[p++];
const memo = new Map<number, number>();
function sg(m: number): number {
  const known = memo.get(m);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  let x = 0;
  for (let t = 2; t <= m; ) {
    const v = Math.floor(m / t);
    const last = Math.floor(m / v);
    const g = sg(v);
    seen.add(x ^ g);
    if (last > t) seen.add(x);
    if ((last - t + 1) % 2 === 1) x ^= g;
    t = last + 1;
  }
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(m, mex);
  return mex;
}
const out: string[] = [];
for (let i = 0; i < q; i++) {
  const w = data[p++];
  let x = 0;
  for (let j = 0; j < w; j++) x ^= sg(Math.floor(n / data[p++]));
  out.push(x ? 'Yes' : 'No');
}
console.log(out.join('\n'));
