// Correct (immediate wins first, then the values of the runs of safe cells), but the value of a run
// is computed by plain recursion without a table: the same runs are recomputed over and over, and a
// run of 60 cells already takes far too long.
import * as fs from 'fs';
const w = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
function g(L: number): number {
  if (L <= 0) return 0;
  const seen = new Set<number>();
  for (let j = 0; j < L; j++) seen.add(g(Math.max(0, j - 2)) ^ g(Math.max(0, L - j - 3)));
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}
function value(b: string): number {
  let x = 0;
  let run = 0;
  for (let i = 0; i <= b.length; i++) {
    if (i < b.length && !b.slice(Math.max(0, i - 2), i + 3).includes('X')) run++;
    else {
      x ^= g(run);
      run = 0;
    }
  }
  return x;
}
const out: string[] = [];
for (let k = 1; k <= Number(w[0]); k++) {
  const s = w[k];
  const win: number[] = [];
  for (let i = 0; i < s.length; i++) if (s[i] === '.' && (s.slice(0, i) + 'X' + s.slice(i + 1)).includes('XXX')) win.push(i + 1);
  if (win.length === 0) {
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '.' || s.slice(Math.max(0, i - 2), i + 3).includes('X')) continue;
      if (value(s.slice(0, i) + 'X' + s.slice(i + 1)) === 0) win.push(i + 1);
    }
  }
  out.push(win.length ? 'WINNING' : 'LOSING', win.join(' '));
}
console.log(out.join('\n'));
