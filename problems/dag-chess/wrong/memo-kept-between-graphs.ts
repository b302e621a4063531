// Memoised recursion, but the memo is filled with -1 once at the start: the next graph reuses the
// values of the previous one wherever they were computed.
import * as readline from 'readline';
const tokens: number[] = [];
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  for (const t of line.split(' ')) if (t !== '') tokens.push(Number(t));
});
rl.on('close', () => {
  const sg = new Array(1001).fill(-1);
  let adj: number[][] = [];
  function grundy(v: number): number {
    if (sg[v] !== -1) return sg[v];
    const s = new Set<number>();
    for (const w of adj[v]) s.add(grundy(w));
    let g = 0;
    while (s.has(g)) g++;
    sg[v] = g;
    return g;
  }
  let p = 0;
  const res: string[] = [];
  while (p < tokens.length) {
    const n = tokens[p++];
    adj = [];
    for (let i = 0; i < n; i++) {
      const x = tokens[p++];
      adj.push(tokens.slice(p, p + x));
      p += x;
    }
    while (true) {
      const m = tokens[p++];
      if (m === 0) break;
      let x = 0;
      for (let i = 0; i < m; i++) x ^= grundy(tokens[p++]);
      res.push(x ? 'WIN' : 'LOSE');
    }
  }
  console.log(res.join('\n'));
});
