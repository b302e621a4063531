// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// The right rule (k = 1: Bob wins iff n is even; k >= 2: Bob wins iff n = k + 1 mod 4k + 2), but the
// learner keeps the period as a 32-bit integer (`| 0`, "k is at most 10^9"): from k = 536,870,912 on,
// 4k + 2 passes 2^31 and turns negative, and n is reduced by the wrong modulus.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let i = 0; i < t; i++) {
  const k = data[p++] | 0;
  const n = data[p++] | 0;
  const period = (4 * k + 2) | 0;
  let bob: boolean;
  if (n === 0) bob = true;
  else if (k === 1) bob = n % 2 === 0;
  else bob = n % period === k + 1;
  out.push(bob ? 'Bob' : 'Alice');
}
console.log(out.join('\n'));
