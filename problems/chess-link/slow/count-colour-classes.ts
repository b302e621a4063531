// Correct: with the cells coloured by the parity of r + g + b, Bob wins iff the start is in the
// strictly larger colour class. But the class sizes are counted by a loop over 1..n for every
// game: O(n) per game, 10^10 steps on the largest files.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let i = 1; i <= t; i++) {
    const [n, r, g, b] = lines[i].split(' ').map(Number);
    let odd = 0;
    let even = 0;
    for (let v = 1; v <= n; v++) {
      if (v % 2 === 1) odd++;
      else even++;
    }
    // Cells with an odd sum: one or three odd coordinates.
    const oddCells = odd * odd * odd + 3 * odd * even * even;
    const evenCells = even * even * even + 3 * even * odd * odd;
    const mine = (r + g + b) % 2 === 1 ? oddCells : evenCells;
    const other = (r + g + b) % 2 === 1 ? evenCells : oddCells;
    out.push(mine > other ? 'Bob' : 'Alice');
  }
  console.log(out.join('\n'));
});
