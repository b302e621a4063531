// The learner only follows the coin along the top row (moving left), as if the board had one row:
// kiki loses when m is odd. Right whenever n is odd, as in the sample; wrong for e.g. 2 x 3.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const out: string[] = [];
rl.on('line', (line) => {
  const [n, m] = line.trim().split(' ').map(Number);
  if (n === 0 && m === 0) return;
  out.push(m % 2 === 1 ? 'What a pity!' : 'Wonderful!');
});
rl.on('close', () => console.log(out.join('\n')));
