// The learner reuses the tree solution: a depth-first search with a visited mark, g(v) = XOR of
// (g(child) + 1). An edge to a vertex already visited is simply skipped, so a polygon is played as
// the path the search went along, a loop and a doubled edge count for nothing.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
while (p < a.length) {
  const n = a[p++];
  let x = 0;
  for (let t = 0; t < n; t++) {
    const m = a[p++];
    const k = a[p++];
    const adj: number[][] = [];
    for (let i = 0; i <= m; i++) adj.push([]);
    for (let i = 0; i < k; i++) {
      const u = a[p++];
      const v = a[p++];
      adj[u].push(v);
      adj[v].push(u);
    }
    const vis: boolean[] = new Array(m + 1).fill(false);
    const dfs = (v: number): number => {
      vis[v] = true;
      let g = 0;
      for (const w of adj[v]) if (!vis[w]) g ^= dfs(w) + 1;
      return g;
    };
    x ^= dfs(1);
  }
  out.push(x ? 'Sally' : 'Harry');
}
console.log(out.join('\n'));
