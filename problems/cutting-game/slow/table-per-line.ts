// Correct SG recurrence, but the table is rebuilt from scratch for every line: N·M·(N+M) steps per
// game, about 10^10 steps on 10^4 large sheets.
import { readFileSync } from 'fs';
const lines = readFileSync('/dev/stdin', 'utf8').split('\n');
const out: string[] = [];
for (const line of lines) {
  if (!line.trim()) continue;
  const [N, M] = line.split(' ').map(Number);
  const sg: number[][] = [];
  for (let n = 0; n <= N; n++) sg.push(new Array(M + 1).fill(0));
  for (let n = 2; n <= N; n++) {
    for (let m = 2; m <= M; m++) {
      const seen: boolean[] = [];
      for (let i = 2; i <= n - 2; i++) seen[sg[i][m] ^ sg[n - i][m]] = true;
      for (let j = 2; j <= m - 2; j++) seen[sg[n][j] ^ sg[n][m - j]] = true;
      let g = 0;
      while (seen[g]) g++;
      sg[n][m] = g;
    }
  }
  out.push(sg[N][M] ? 'WIN' : 'LOSE');
}
console.log(out.join('\n'));
