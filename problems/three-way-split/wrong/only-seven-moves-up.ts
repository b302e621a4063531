// Half of the pattern: 7 = 1 + 2 + 4 reaches value 7, so the learner makes 8k + 7 worth 8k + 8,
// but keeps 8k + 8 as it is.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const t = Number(lines[0]);
  for (let c = 0; c < t; c++) {
    let x = 0;
    for (const w of lines[2 + 2 * c].split(' ')) {
      const s = Number(w);
      x ^= s % 8 === 7 ? s + 1 : s;
    }
    console.log(x ? 'First player wins.' : 'Second player wins.');
  }
});
