// Correct: tries every first move (pile i, take k = 1..N_i) and checks whether the XOR becomes 0.
// That is sum(N_i) checks per game, up to 10^8 per game and 10^10 per file.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
let p = 0;
while (data[p] !== 0) {
  const m = data[p++];
  const piles = data.slice(p, p + m);
  p += m;
  let x = 0;
  for (const v of piles) x ^= v;
  let count = 0;
  for (const v of piles) {
    const rest = x ^ v;
    for (let k = 1; k <= v; k++) if ((rest ^ (v - k)) === 0) count++;
  }
  out.push(String(count));
}
console.log(out.join('\n'));
