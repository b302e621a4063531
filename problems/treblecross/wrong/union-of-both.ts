// One loop over the cells: a cell wins if it completes three X's, or if it is safe and leaves a
// board of value 0. The learner misses that once a completing cell exists, every other move loses
// (the opponent completes), so safe "value 0" cells are listed beside the completing ones.
import * as fs from 'fs';
const [t, ...boards] = fs.readFileSync(0, 'utf8').trim().split('\n');
const g = [0];
for (let n = 1; n <= 200; n++) {
  const seen = new Set<number>();
  for (let j = 0; j < n; j++) seen.add(g[Math.max(0, j - 2)] ^ g[Math.max(0, n - j - 3)]);
  let v = 0;
  while (seen.has(v)) v++;
  g.push(v);
}
const near = (b: string, i: number) => b.slice(Math.max(0, i - 2), i + 3).includes('X');
function value(b: string): number {
  let x = 0;
  let run = 0;
  for (let i = 0; i <= b.length; i++) {
    if (i < b.length && !near(b, i)) run++;
    else {
      x ^= g[run];
      run = 0;
    }
  }
  return x;
}
const out: string[] = [];
for (const s of boards.slice(0, Number(t))) {
  const win: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '.') continue;
    const next = s.slice(0, i) + 'X' + s.slice(i + 1);
    if (next.includes('XXX') || (!near(s, i) && value(next) === 0)) win.push(i + 1);
  }
  out.push(win.length ? 'WINNING' : 'LOSING', win.join(' '));
}
console.log(out.join('\n'));
