// Counts the piles with (N_i ^ x) <= N_i and forgets "print 0 when the first player loses": when
// x = 0 every pile passes the test and it prints M instead of 0.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const out: string[] = [];
  for (let li = 0; Number(lines[li]) !== 0; li += 2) {
    const piles = lines[li + 1].split(' ').map(Number);
    const x = piles.reduce((s, v) => s ^ v, 0);
    out.push(String(piles.filter((v) => (v ^ x) <= v).length));
  }
  console.log(out.join('\n'));
});
