// The learner reasons "a row whose pieces touch is dead, any other row is one move", and wins when
// the number of rows with a gap is odd: the gaps' sizes are ignored.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (l) => {
  if (l.trim()) lines.push(l.trim());
});
rl.on('close', () => {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const [n] = lines[i++].split(' ').map(Number);
    let ans = 0;
    for (let r = 0; r < n; r++) {
      const [a, b] = lines[i++].split(' ').map(Number);
      if (Math.abs(b - a) === 1) ans ^= 0;
      else ans ^= 1;
    }
    out.push(ans ? 'I WIN!' : 'BAD LUCK!');
  }
  console.log(out.join('\n'));
});
