// Correct: tries every first move (pile i, take k = 1..N_i) and checks whether the XOR of the new
// position is 0, recomputing it over all M piles each time. That is sum(N_i) · M steps per game,
// up to 10^10 per game.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
let p = 0;
while (data[p] !== 0) {
  const m = data[p++];
  const piles = data.slice(p, p + m);
  p += m;
  let count = 0;
  for (let i = 0; i < m; i++) {
    const v = piles[i];
    for (let k = 1; k <= v; k++) {
      piles[i] = v - k;
      let x = 0;
      for (let j = 0; j < m; j++) x ^= piles[j];
      if (x === 0) count++;
    }
    piles[i] = v;
  }
  out.push(String(count));
}
console.log(out.join('\n'));
