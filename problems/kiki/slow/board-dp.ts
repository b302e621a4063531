// Correct: fills the win/lose table of the whole n x m board for every test case. That is up to
// 4 * 10^6 cells per case, times 10^4 cases.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let p = 0; p + 1 < data.length; p += 2) {
  const n = data[p];
  const m = data[p + 1];
  if (n === 0 && m === 0) break;
  // win[r * m + c] for the coin at row r (0 = top), column c (0 = left); row n - 1, column 0 loses.
  const win = new Uint8Array(n * m);
  for (let r = n - 1; r >= 0; r--) {
    for (let c = 0; c < m; c++) {
      let w = 0;
      if (c > 0 && !win[r * m + c - 1]) w = 1;
      if (r < n - 1 && !win[(r + 1) * m + c]) w = 1;
      if (c > 0 && r < n - 1 && !win[(r + 1) * m + c - 1]) w = 1;
      win[r * m + c] = w;
    }
  }
  out.push(win[m - 1] ? 'Wonderful!' : 'What a pity!');
}
console.log(out.join('\n'));
