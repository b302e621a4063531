// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner fills an Int32Array of 60 Fibonacci numbers without stopping at 2^31: the sums wrap
// around, and some wrapped values (512559680, …) land in range and are taken for Fibonacci numbers.
import { readFileSync } from 'fs';
const f = new Int32Array(60);
f[0] = 1;
f[1] = 2;
for (let i = 2; i < 60; i++) f[i] = f[i - 1] + f[i - 2];
const nums = readFileSync(0, 'utf8').trim().split('\n').map(Number);
const out: string[] = [];
for (const n of nums) {
  if (n === 0) break;
  out.push(f.includes(n) ? 'Second win' : 'First win');
}
console.log(out.join('\n'));
