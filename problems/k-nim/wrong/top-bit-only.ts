// Half of Moore's theorem: the learner checks the count modulo k + 1 only for the highest bit that
// any pile has, as if the lower bits could always be fixed up afterwards.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const [, k] = lines[1 + 2 * c].split(' ').map(Number);
    const a = lines[2 + 2 * c].split(' ').map(Number);
    let top = -1;
    for (const x of a) for (let b = 30; b > top; b--) if ((x >> b) & 1) top = b;
    let cnt = 0;
    if (top >= 0) for (const x of a) if ((x >> top) & 1) cnt++;
    out.push(cnt % (k + 1) === 0 ? 'Second' : 'First');
  }
  console.log(out.join('\n'));
});
