// The table was printed from 0 and read one place off: the learner swaps 4k + 2 and 4k + 3
// instead of 4k + 3 and 4k + 4. Both samples still come out right.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const t = parseInt(lines[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const piles = lines[2 + 2 * c].split(' ').map(Number);
    let x = 0;
    for (const s of piles) {
      if (s % 4 === 2) x ^= s + 1;
      else if (s % 4 === 3) x ^= s - 1;
      else x ^= s;
    }
    out.push(x !== 0 ? 'Alice' : 'Bob');
  }
  console.log(out.join('\n'));
});
