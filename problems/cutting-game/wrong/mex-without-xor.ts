// The learner puts the SG value of each piece into the mex set separately instead of the XOR of the
// two pieces: a cut makes two games that are played side by side, not a choice between them.
import * as readline from 'readline';
const MAX = 200;
const sg: number[][] = Array.from({ length: MAX + 1 }, () => new Array(MAX + 1).fill(0));
for (let n = 2; n <= MAX; n++) {
  for (let m = 2; m <= MAX; m++) {
    const seen: boolean[] = [];
    for (let i = 2; i <= n - 2; i++) seen[sg[i][m]] = seen[sg[n - i][m]] = true;
    for (let j = 2; j <= m - 2; j++) seen[sg[n][j]] = seen[sg[n][m - j]] = true;
    let g = 0;
    while (seen[g]) g++;
    sg[n][m] = g;
  }
}
const rl = readline.createInterface({ input: process.stdin });
const out: string[] = [];
rl.on('line', (line) => {
  const [n, m] = line.trim().split(/\s+/).map(Number);
  if (n && m) out.push(sg[n][m] ? 'WIN' : 'LOSE');
});
rl.on('close', () => {
  process.stdout.write(out.join('\n') + '\n');
});
