// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner types the golden ratio as 1.61803398 ("eight digits is plenty"): off by 9e-9, which
// times a difference of 10^8 moves ⌊kφ⌋ by one or more.
import * as readline from 'readline';
const PHI = 1.61803398;
const rl = readline.createInterface({ input: process.stdin });
const out: string[] = [];
rl.on('line', (line) => {
  if (!line.trim()) return;
  const [x, y] = line.trim().split(' ').map(Number);
  const a = Math.min(x, y);
  const b = Math.max(x, y);
  out.push(Math.floor((b - a) * PHI) === a ? '0' : '1');
});
rl.on('close', () => console.log(out.join('\n')));
