// Everything right (edge lists, doubled edges as two-sided polygons), except that the learner drops
// a loop while reading ("an edge from a vertex to itself cannot be cut off anything"): a loop is a
// polygon of one side, worth one edge.
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const a = input.split(/\s+/).filter((s) => s.length > 0).map(Number);
  let p = 0;
  const out: string[] = [];
  while (p < a.length) {
    const n = a[p++];
    let x = 0;
    for (let t = 0; t < n; t++) {
      const m = a[p++];
      const k = a[p++];
      const adj: [number, number][][] = Array.from({ length: m + 1 }, () => []);
      for (let e = 0; e < k; e++) {
        const u = a[p++];
        const v = a[p++];
        if (u === v) continue;
        adj[u].push([v, e]);
        adj[v].push([u, e]);
      }
      const depth = new Array(m + 1).fill(-1);
      const parent = new Array(m + 1).fill(0);
      const parentEdge = new Array(m + 1).fill(-1);
      const cyc = new Array(m + 1).fill(false);
      const g = new Array(m + 1).fill(0);
      const order: number[] = [];
      const go = (v: number) => {
        order.push(v);
        for (const [w, e] of adj[v]) {
          if (e === parentEdge[v]) continue;
          if (depth[w] === -1) {
            depth[w] = depth[v] + 1;
            parent[w] = v;
            parentEdge[w] = e;
            go(w);
          } else if (depth[w] < depth[v]) {
            for (let y = v; y !== w; y = parent[y]) cyc[y] = true;
            if ((depth[v] - depth[w]) % 2 === 0) g[w] ^= 1;
          }
        }
      };
      depth[1] = 0;
      go(1);
      for (let i = order.length - 1; i > 0; i--) if (!cyc[order[i]]) g[parent[order[i]]] ^= g[order[i]] + 1;
      x ^= g[1];
    }
    out.push(x ? 'Sally' : 'Harry');
  }
  console.log(out.join('\n'));
});
