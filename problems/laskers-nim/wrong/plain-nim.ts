// The learner reasons that splitting a pile takes no stones, so it "cannot help", and plays plain
// Nim: XOR of the pile sizes. Right on both samples (2 ^ 2 ^ 3 and 3 ^ 3).
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= a[p++];
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
