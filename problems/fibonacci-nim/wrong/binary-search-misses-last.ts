// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner binary-searches the Fibonacci list with hi = length - 2 (a classic off-by-one), so the
// last and largest entry, 1836311903, is never found.
import * as readline from 'readline';
const fib: number[] = [1, 2];
while (fib[fib.length - 1] + fib[fib.length - 2] < 2147483648) fib.push(fib[fib.length - 1] + fib[fib.length - 2]);
function isFib(n: number): boolean {
  let lo = 0;
  let hi = fib.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (fib[mid] === n) return true;
    if (fib[mid] < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
const rl = readline.createInterface({ input: process.stdin });
const ans: string[] = [];
let done = false;
rl.on('line', (line) => {
  if (done || line.trim() === '') return;
  const n = Number(line);
  if (n === 0) {
    done = true;
    return;
  }
  ans.push(isFib(n) ? 'Second win' : 'First win');
});
rl.on('close', () => console.log(ans.join('\n')));
