// stress: size medium first reveals this mistake (random small inputs never reach it).
// Bouton's XOR rule, with the piles stored in a Uint8Array to save memory: a pile above 255 keeps
// only its low 8 bits.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const piles = new Uint8Array(n);
  for (let i = 0; i < n; i++) piles[i] = data[p++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= piles[i];
  out.push(x !== 0 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
