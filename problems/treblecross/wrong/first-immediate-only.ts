// Right theory, but when a move completes three X's the learner prints that move and stops
// looking: a board such as X.X.X has two completing cells, and both must be listed.
import * as fs from 'fs';
const lines = fs.readFileSync(0, 'utf8').split('\n');
const T = parseInt(lines[0]);
const sg: number[] = [0];
for (let L = 1; L <= 200; L++) {
  const seen = new Set<number>();
  for (let j = 0; j < L; j++) seen.add(sg[Math.max(0, j - 2)] ^ sg[Math.max(0, L - j - 3)]);
  let v = 0;
  while (seen.has(v)) v++;
  sg.push(v);
}
function value(b: string): number {
  const bad = new Array(b.length).fill(false);
  for (let i = 0; i < b.length; i++) if (b[i] === 'X') for (let d = -2; d <= 2; d++) if (i + d >= 0 && i + d < b.length) bad[i + d] = true;
  let x = 0;
  let run = 0;
  for (let i = 0; i <= b.length; i++) {
    if (i < b.length && !bad[i]) run++;
    else {
      x ^= sg[run];
      run = 0;
    }
  }
  return x;
}
const out: string[] = [];
for (let k = 1; k <= T; k++) {
  const s = lines[k];
  let win: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '.') continue;
    const t = s.slice(0, i) + 'X' + s.slice(i + 1);
    if (t.includes('XXX')) {
      win = [i + 1];
      break;
    }
  }
  if (win.length === 0) {
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '.') continue;
      if (s.slice(Math.max(0, i - 2), i + 3).includes('X')) continue;
      if (value(s.slice(0, i) + 'X' + s.slice(i + 1)) === 0) win.push(i + 1);
    }
  }
  out.push(win.length ? 'WINNING' : 'LOSING', win.join(' '));
}
console.log(out.join('\n'));
