// Green Hackenbush on a tree rooted at vertex 1 (colon principle): a vertex's subtrees are played
// side by side, and a child subtree hanging from an edge is a stalk one longer than the subtree, so
// g(v) = XOR over children c of (g(c) + 1). Alice, who moves first, wins exactly when g(1) != 0.
// Iterative: a breadth-first order from vertex 1, then the children before their parents.
/** All integers of the input, scanned by character codes (2·10^5 of them at most). */
function readInts(input: string): Int32Array {
  const out = new Int32Array((input.length >> 1) + 1);
  let count = 0;
  let v = -1;
  for (let i = 0; i < input.length; i++) {
    const d = input.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) {
      v = v < 0 ? d : v * 10 + d;
    } else if (v >= 0) {
      out[count++] = v;
      v = -1;
    }
  }
  if (v >= 0) out[count++] = v;
  return out.subarray(0, count);
}

export function solve(input: string): string {
  const data = readInts(input);
  const n = data[0]!;
  // Adjacency in compressed form: head[v] .. head[v+1] index into adj.
  const deg = new Int32Array(n + 2);
  for (let i = 0; i < n - 1; i++) {
    deg[data[1 + 2 * i]!]!++;
    deg[data[2 + 2 * i]!]!++;
  }
  const head = new Int32Array(n + 2);
  for (let v = 1; v <= n; v++) head[v + 1] = head[v]! + deg[v]!;
  const fill = head.slice();
  const adj = new Int32Array(2 * (n - 1));
  for (let i = 0; i < n - 1; i++) {
    const x = data[1 + 2 * i]!;
    const y = data[2 + 2 * i]!;
    adj[fill[x]!++] = y;
    adj[fill[y]!++] = x;
  }
  const parent = new Int32Array(n + 1);
  const order = new Int32Array(n);
  order[0] = 1;
  parent[1] = -1;
  for (let qh = 0, qt = 1; qh < qt; qh++) {
    const v = order[qh]!;
    for (let e = head[v]!; e < head[v + 1]!; e++) {
      const w = adj[e]!;
      if (w !== parent[v]) {
        parent[w] = v;
        order[qt++] = w;
      }
    }
  }
  const g = new Int32Array(n + 1);
  for (let i = n - 1; i > 0; i--) {
    const v = order[i]!;
    g[parent[v]!] ^= g[v]! + 1;
  }
  return g[1] !== 0 ? 'Alice\n' : 'Bob\n';
}
