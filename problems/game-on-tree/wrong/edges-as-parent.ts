// The formula is right, but the learner reads each edge "x y" as "x is the parent of y", as in
// both samples. Edges can come in any direction and any order.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let n = 0;
const children: number[][] = [];
rl.on('line', (line) => {
  const parts = line.trim().split(' ').map(Number);
  if (n === 0) {
    n = parts[0];
    for (let i = 0; i <= n; i++) children.push([]);
  } else if (parts.length === 2) {
    children[parts[0]].push(parts[1]);
  }
});
rl.on('close', () => {
  const g = new Array(n + 1).fill(0);
  const order: number[] = [1];
  for (let i = 0; i < order.length; i++) for (const c of children[order[i]]) order.push(c);
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i];
    for (const c of children[v]) g[v] ^= g[c] + 1;
  }
  console.log(g[1] !== 0 ? 'Alice' : 'Bob');
});
