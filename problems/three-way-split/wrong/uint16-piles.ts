// stress: size medium first reveals this mistake (random small inputs never reach it).
// The right values, but the piles are read into a Uint16Array "to save memory": each pile is kept
// modulo 2^16, so only the low 16 bits of the XOR are seen (65,536 and above wrap).
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  const piles = new Uint16Array(n);
  for (let i = 0; i < n; i++) piles[i] = a[p++];
  let x = 0;
  for (const s of piles) x ^= s % 8 === 7 ? s + 1 : s % 8 === 0 ? s - 1 : s;
  out.push(x !== 0 ? 'First player wins.' : 'Second player wins.');
}
console.log(out.join('\n'));
