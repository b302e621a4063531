// The learner plays normal Nim and patches the one trap he noticed: a single pile of 1 stone. All
// other positions of ones only (e.g. 1 1: John takes one, his brother must take the last) are wrong.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const a = lines[2 + 2 * c].split(' ').map(Number);
    let win: boolean;
    if (a.length === 1) win = a[0] > 1;
    else win = a.reduce((s, v) => s ^ v, 0) !== 0;
    out.push(win ? 'John' : 'Brother');
  }
  console.log(out.join('\n'));
});
