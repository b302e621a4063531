// Right idea, off-by-one loop: the XOR runs over the first M - 1 piles only.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
let p = 0;
while (data[p] !== 0) {
  const m = data[p++];
  const piles = data.slice(p, p + m);
  p += m;
  let x = 0;
  for (let i = 0; i < m - 1; i++) x ^= piles[i];
  let count = 0;
  if (x !== 0) for (const v of piles) if ((v ^ x) < v) count++;
  out.push(String(count));
}
console.log(out.join('\n'));
