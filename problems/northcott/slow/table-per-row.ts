// Correct (a row is the game "either piece moves towards the other"), but every row rebuilds the
// value table over all placements (T, J) of its board: m^3 steps per row, 10^6 on the widest boards.
import { readFileSync } from 'fs';
const v = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const res: string[] = [];
let p = 0;
while (p < v.length) {
  const n = v[p];
  const m = v[p + 1];
  p += 2;
  let x = 0;
  for (let r = 0; r < n; r++, p += 2) {
    const sg: number[][] = [];
    for (let i = 0; i <= m; i++) sg.push(new Array(m + 1).fill(0));
    for (let d = 1; d < m; d++) {
      for (let t = 1; t + d <= m; t++) {
        // pieces at t and t + d: the left one moves right or the right one moves left
        const seen = new Set<number>();
        for (let c = t + 1; c < t + d; c++) seen.add(sg[c][t + d]);
        for (let c = t + 1; c < t + d; c++) seen.add(sg[t][c]);
        let g = 0;
        while (seen.has(g)) g++;
        sg[t][t + d] = g;
      }
    }
    const a = Math.min(v[p], v[p + 1]);
    const b = Math.max(v[p], v[p + 1]);
    x ^= sg[a][b];
  }
  res.push(x ? 'I WIN!' : 'BAD LUCK!');
}
console.log(res.join('\n'));
