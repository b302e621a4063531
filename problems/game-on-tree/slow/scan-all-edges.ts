// Correct formula and an iterative traversal, but the neighbours of each vertex are found by
// scanning the whole edge list: O(N^2), about 10^10 steps for N = 10^5.
import * as fs from 'fs';
const v = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const n = v[0];
const ex: number[] = [];
const ey: number[] = [];
for (let i = 0; i < n - 1; i++) {
  ex.push(v[1 + 2 * i]);
  ey.push(v[2 + 2 * i]);
}
const parent = new Array(n + 1).fill(0);
const order = [1];
parent[1] = -1;
for (let h = 0; h < order.length; h++) {
  const u = order[h];
  for (let e = 0; e < n - 1; e++) {
    const w = ex[e] === u ? ey[e] : ey[e] === u ? ex[e] : 0;
    if (w && w !== parent[u]) {
      parent[w] = u;
      order.push(w);
    }
  }
}
const g = new Array(n + 1).fill(0);
for (let i = order.length - 1; i > 0; i--) g[parent[order[i]]] ^= g[order[i]] + 1;
console.log(g[1] ? 'Alice' : 'Bob');
