// The SG values are right, but the learner XORs every number given, repeats included: a position
// written twice cancels, although it is one head showing. The samples repeat nothing.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
function sg(x: number): number {
  let c = 0;
  for (let v = x; v; v >>= 1) c += v & 1;
  return c % 2 ? 2 * x : 2 * x + 1;
}
const out: string[] = [];
let p = 0;
while (p < a.length) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= sg(a[p++]);
  out.push(x === 0 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
