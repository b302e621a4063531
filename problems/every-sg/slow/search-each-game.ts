// Correct step counts from the definition (won: 1 + max over losing options, lost: 1 + min over all
// options), searched over every multiple k for each game, with a memo that lives for one game only:
// (y/x)^2 steps for a game like (1, 1000), 10^4 such games per file.
import { readFileSync } from 'fs';
const d = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
function solveGame(p: number, q: number): number {
  const memo = new Map<number, [boolean, number]>();
  const go = (x: number, y: number): [boolean, number] => {
    if (x > y) [x, y] = [y, x];
    if (x === 0) return [false, 0];
    const key = x * 4096 + y;
    const known = memo.get(key);
    if (known) return known;
    let win = false;
    let best = -1;
    let least = Infinity;
    for (let k = 1; k * x <= y; k++) {
      const [w, s] = go(x, y - k * x);
      if (!w) {
        win = true;
        best = Math.max(best, s);
      }
      least = Math.min(least, s);
    }
    const r: [boolean, number] = win ? [true, best + 1] : [false, least + 1];
    memo.set(key, r);
    return r;
  };
  return go(p, q)[1];
}
const out: string[] = [];
let p = 0;
while (p < d.length) {
  const n = d[p++];
  let most = 0;
  for (let i = 0; i < n; i++, p += 2) most = Math.max(most, solveGame(d[p], d[p + 1]));
  out.push(most % 2 ? 'MM' : 'GG');
}
console.log(out.join('\n'));
