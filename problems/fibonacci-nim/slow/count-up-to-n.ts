// Correct, but each pile walks i = 1..n, stepping the Fibonacci pair whenever i reaches the next
// one: n steps per pile, about 2·10^9 on the largest.
import { readFileSync } from 'fs';
const nums = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (const n of nums) {
  if (n === 0) break;
  let a = 1;
  let b = 2;
  let fib = false;
  for (let i = 1; i <= n; i++) {
    if (i === a) {
      fib = i === n;
      const c = a + b;
      a = b;
      b = c;
    }
  }
  out.push(fib ? 'Second win' : 'First win');
}
console.log(out.join('\n'));
