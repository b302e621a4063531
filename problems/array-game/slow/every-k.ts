// Correct: only the quotients floor(N/x) matter, memoised. But the mex set is built by trying
// every k = 1..m one at a time, so one value costs O(m) and the total is about N log N.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const n = data[p++];
const q = data[p++];
const memo = new Map<number, number>();
// Smaller quotients first, so each lookup below is already known (no deep recursion).
const quotients: number[] = [];
for (let x = 1; x <= n; x = Math.floor(n / Math.floor(n / x)) + 1) quotients.push(Math.floor(n / x));
quotients.reverse();
for (const m of quotients) {
  const seen = new Set<number>([0]);
  let x = 0;
  for (let t = 2; t <= m; t++) {
    x ^= memo.get(Math.floor(m / t));
    seen.add(x);
  }
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(m, mex);
}
const out: string[] = [];
for (let i = 0; i < q; i++) {
  const w = data[p++];
  let x = 0;
  for (let j = 0; j < w; j++) x ^= memo.get(Math.floor(n / data[p++]));
  out.push(x ? 'Yes' : 'No');
}
console.log(out.join('\n'));
