// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// The colon principle, correctly: g(v) = XOR over children c of (g(c) + 1), Alice wins when
// g(1) != 0. The learner keeps the Grundy values in a Uint8Array ("they are small numbers"), so
// every value is kept modulo 2^8: a long stalk from vertex 1 reaches 256 and reads as 0.
import * as fs from 'fs';
const v = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const n = v[0];
const adj: number[][] = Array.from({ length: n + 1 }, () => []);
for (let i = 0; i < n - 1; i++) {
  adj[v[1 + 2 * i]].push(v[2 + 2 * i]);
  adj[v[2 + 2 * i]].push(v[1 + 2 * i]);
}
const parent = new Int32Array(n + 1);
const order = [1];
parent[1] = -1;
for (let h = 0; h < order.length; h++) {
  const u = order[h];
  for (const w of adj[u]) {
    if (w !== parent[u]) {
      parent[w] = u;
      order.push(w);
    }
  }
}
const g = new Uint8Array(n + 1);
for (let i = order.length - 1; i > 0; i--) g[parent[order[i]]] ^= g[order[i]] + 1;
console.log(g[1] ? 'Alice' : 'Bob');
