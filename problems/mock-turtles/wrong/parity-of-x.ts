// The learner printed the values 1, 2, 4, 7, 8, 11, ... and matched them to "2x + 1 when x is even,
// 2x when x is odd", which fits x = 0, 1 and 3 (and both samples) but not x = 2 (value 4, not 5):
// the rule is the parity of the number of ones of x, not of x.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const tokens: number[] = [];
rl.on('line', (l) => {
  for (const w of l.trim().split(' ')) if (w !== '') tokens.push(Number(w));
});
rl.on('close', () => {
  const out: string[] = [];
  let p = 0;
  while (p < tokens.length) {
    const n = tokens[p++];
    const seen = new Set<number>();
    let x = 0;
    for (let i = 0; i < n; i++) {
      const c = tokens[p++];
      if (seen.has(c)) continue;
      seen.add(c);
      x ^= c % 2 === 0 ? 2 * c + 1 : 2 * c;
    }
    out.push(x === 0 ? 'Yes' : 'No');
  }
  console.log(out.join('\n'));
});
