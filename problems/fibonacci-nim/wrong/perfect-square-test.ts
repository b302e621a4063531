// stress: size medium first reveals this mistake (about one pile in a million near 2^31, and sums of two Fibonacci numbers).
// The learner knows n is a Fibonacci number exactly when 5n^2 + 4 or 5n^2 - 4 is a perfect square,
// and tests that with doubles. Near 2^31, 5n^2 is about 2.3·10^19, far past 2^53: the sum is rounded
// to a multiple of 4096 and its square root to a whole number, so piles with 5n^2 + 4 within a few
// thousand of a square (70711162 the first of them, 816 found) are taken for Fibonacci numbers. The rounding
// only goes that way: no Fibonacci number is missed.
import * as fs from 'fs';
const isSquare = (x: number): boolean => {
  const r = Math.sqrt(x);
  return r === Math.floor(r);
};
const out: string[] = [];
for (const t of fs.readFileSync(0, 'utf8').split(/\s+/)) {
  if (t === '') continue;
  const n = parseInt(t);
  if (n === 0) break;
  out.push(isSquare(5 * n * n + 4) || isSquare(5 * n * n - 4) ? 'Second win' : 'First win');
}
console.log(out.join('\n'));
