// The learner reasons "MM just has to win one game", and answers MM when any game is a first-player
// win: how long each game lasts is never considered.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => {
  if (l.trim() !== '') lines.push(l);
});
function win(a: number, b: number): boolean {
  const x = Math.min(a, b), y = Math.max(a, b);
  if (y % x === 0 || y > 2 * x) return true;
  return !win(y - x, x);
}
rl.on('close', () => {
  const res: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const n = Number(lines[i++]);
    let any = false;
    for (let j = 0; j < n; j++) {
      const [a, b] = lines[i++].split(' ').map(Number);
      if (win(a, b)) any = true;
    }
    res.push(any ? 'MM' : 'GG');
  }
  console.log(res.join('\n'));
});
