// Correct: applies the SJ theorem, but computes each pile's SG value from its definition (the mex
// over every take), from scratch for every pile: O(A_i^2) per pile.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);

function sg(a: number): number {
  const g = new Int32Array(a + 1);
  for (let v = 1; v <= a; v++) {
    const seen = new Uint8Array(v + 1);
    for (let k = 1; k <= v; k++) seen[g[v - k]] = 1;
    let mex = 0;
    while (seen[mex]) mex++;
    g[v] = mex;
  }
  return g[a];
}

let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  let x = 0;
  let big = false;
  for (let i = 0; i < n; i++) {
    const s = sg(data[p++]);
    x ^= s;
    if (s > 1) big = true;
  }
  out.push((big ? x !== 0 : x === 0) ? 'John' : 'Brother');
}
console.log(out.join('\n'));
