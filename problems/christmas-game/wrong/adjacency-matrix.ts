// Fusion done right for cycles found by the search, but the drawing is stored in an adjacency
// matrix (m < 100, so why not): two edges between the same vertices become one, and a loop, a
// diagonal entry, is never followed. A doubled edge (worth nothing) is then played as one edge,
// and a loop (worth one edge) as nothing.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const tok: number[] = [];
rl.on('line', (l) => {
  for (const w of l.split(' ')) if (w) tok.push(+w);
});
rl.on('close', () => {
  let p = 0;
  const res: string[] = [];
  while (p < tok.length) {
    const n = tok[p++];
    let sum = 0;
    for (let t = 0; t < n; t++) {
      const m = tok[p++];
      const k = tok[p++];
      const g: boolean[][] = [];
      for (let i = 0; i <= m; i++) g.push(new Array(m + 1).fill(false));
      for (let i = 0; i < k; i++) {
        const u = tok[p++];
        const v = tok[p++];
        g[u][v] = g[v][u] = true;
      }
      const dep = new Array(m + 1).fill(-1);
      const par = new Array(m + 1).fill(0);
      const inCycle = new Array(m + 1).fill(false);
      const val = new Array(m + 1).fill(0);
      const order: number[] = [];
      const dfs = (v: number) => {
        order.push(v);
        for (let w = 1; w <= m; w++) {
          if (!g[v][w] || w === v || w === par[v]) continue;
          if (dep[w] < 0) {
            dep[w] = dep[v] + 1;
            par[w] = v;
            dfs(w);
          } else if (dep[w] < dep[v]) {
            for (let x = v; x !== w; x = par[x]) inCycle[x] = true;
            if ((dep[v] - dep[w] + 1) % 2 === 1) val[w] ^= 1;
          }
        }
      };
      dep[1] = 0;
      dfs(1);
      for (let i = order.length - 1; i > 0; i--) if (!inCycle[order[i]]) val[par[order[i]]] ^= val[order[i]] + 1;
      sum ^= val[1];
    }
    res.push(sum !== 0 ? 'Sally' : 'Harry');
  }
  console.log(res.join('\n'));
});
