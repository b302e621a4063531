// The learner counts steps, but assumes the winner of a game always jumps straight to (y mod x, x):
// when that position is itself won, the winner must stop at (x, x + y mod x) instead, one step longer.
import { readFileSync } from 'fs';
const d = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
function steps(a: number, b: number): number {
  const x = Math.min(a, b), y = Math.max(a, b);
  if (x === 0) return 0;
  if (y < 2 * x && y % x !== 0) return 1 + steps(y - x, x);
  return 1 + steps(y % x, x);
}
const out: string[] = [];
let p = 0;
while (p < d.length) {
  const n = d[p++];
  let best = 0;
  for (let i = 0; i < n; i++, p += 2) best = Math.max(best, steps(d[p], d[p + 1]));
  out.push(best % 2 ? 'MM' : 'GG');
}
console.log(out.join('\n'));
