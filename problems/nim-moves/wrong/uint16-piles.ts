// stress: size medium first reveals this mistake (random small inputs never reach it).
// The right count (piles with N_i XOR x < N_i, where x is the XOR of all piles), but the learner
// stores the piles in a Uint16Array: a pile above 65535 keeps only its low 16 bits, and a game
// whose XOR lives in the high bits alone looks lost.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: number[] = [];
for (;;) {
  const m = data[p++];
  if (!m) break;
  const piles = new Uint16Array(m);
  for (let i = 0; i < m; i++) piles[i] = data[p++];
  let x = 0;
  for (let i = 0; i < m; i++) x ^= piles[i];
  let count = 0;
  for (let i = 0; i < m; i++) if ((piles[i] ^ x) < piles[i]) count++;
  out.push(count);
}
console.log(out.join('\n'));
