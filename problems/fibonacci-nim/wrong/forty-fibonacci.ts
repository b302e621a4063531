// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner stores "enough" Fibonacci numbers in a fixed array of 40 (1, 2, 3, 5, …, 165580141),
// which is short of 2^31: the five largest Fibonacci numbers below it are missing.
import * as fs from 'fs';
const f: number[] = new Array(40);
f[0] = 1;
f[1] = 2;
for (let i = 2; i < 40; i++) f[i] = f[i - 1] + f[i - 2];
const out: string[] = [];
for (const t of fs.readFileSync(0, 'utf8').split(/\s+/)) {
  if (t === '') continue;
  const n = parseInt(t);
  if (n === 0) break;
  out.push(f.indexOf(n) >= 0 ? 'Second win' : 'First win');
}
console.log(out.join('\n'));
