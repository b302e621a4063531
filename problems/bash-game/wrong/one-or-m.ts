// Misreads "take 1..m stones" as "take 1 or m stones" and fills a win/lose table with only those two
// moves. Right for m <= 2 and on the samples, wrong e.g. for n = 2, m = 3 (take both).
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => lines.push(l));
rl.on('close', () => {
  const c = Number(lines[0]);
  const out: string[] = [];
  for (let i = 1; i <= c; i++) {
    const [n, m] = lines[i].split(' ').map(Number);
    const win: boolean[] = [false];
    for (let s = 1; s <= n; s++) win[s] = !win[s - 1] || (s >= m && !win[s - m]);
    out.push(win[n] ? 'first' : 'second');
  }
  console.log(out.join('\n'));
});
