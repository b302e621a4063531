// The learner treats the games as an ordinary sum: each game is won or lost (the Euclid game rule),
// and MM wins when the XOR of those bits is 1. But every game is played at every turn.
import * as fs from 'fs';
const d = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
function win(a: number, b: number): boolean {
  if (a > b) [a, b] = [b, a];
  if (a === 0) return false;
  if (b % a === 0 || b >= 2 * a) return true;
  return !win(b - a, a);
}
let p = 0;
const out: string[] = [];
while (p < d.length) {
  const n = d[p++];
  let x = 0;
  for (let i = 0; i < n; i++, p += 2) x ^= win(d[p], d[p + 1]) ? 1 : 0;
  out.push(x ? 'MM' : 'GG');
}
console.log(out.join('\n'));
