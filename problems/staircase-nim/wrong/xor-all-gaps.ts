// The learner sees the gaps between neighbours as Nim heaps and XORs all of them. But moving a
// chessman also widens the gap to its right: only every other gap is a heap (staircase Nim).
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const a = lines[2 + 2 * c].trim().split(' ').map(Number).sort((x, y) => x - y);
    let x = 0;
    let prev = 0;
    for (const v of a) {
      x ^= v - prev - 1;
      prev = v;
    }
    out.push(x !== 0 ? 'Georgia will win' : 'Bob will win');
  }
  console.log(out.join('\n'));
});
