// stress: size medium first reveals this mistake (random small inputs never reach it).
// The values are right, kept in 32-bit integers (`| 0`), and the XOR is asked "x > 0" instead of
// "x != 0". A pile of 2^31 - 1 is worth 2^31, which is -2^31 as a 32-bit integer: every game with an
// odd number of such piles has a negative XOR and is called lost.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) {
    const s = a[p++];
    const g = s % 4 === 3 ? s + 1 : s % 4 === 0 ? s - 1 : s;
    x = (x ^ g) | 0;
  }
  out.push(x > 0 ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
