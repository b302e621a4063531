// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// Bouton's rule bit by bit: the learner counts, for each bit, how many piles have it, and reads
// piles "up to 9999" as 13 bits (2^13 = 8192 looked big enough). Bit 13 is never counted.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const count = new Array(13).fill(0);
  for (let i = 0; i < n; i++) {
    const v = data[p++];
    for (let b = 0; b <= 12; b++) if ((v >> b) & 1) count[b]++;
  }
  out.push(count.some((k) => k % 2 === 1) ? 'Yes' : 'No');
}
console.log(out.join('\n'));
