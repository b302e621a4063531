// Memoised DFS over stems with one visited mark for the whole search: a stem met again while it is
// still being explored is taken as a draw, and that guess is stored for every stem on the way,
// even after the stem it depended on turns out won or lost.
import * as fs from 'fs';
const words = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).slice(1);
const adj = new Map<string, string[]>();
for (const w of words) {
  const k = w.slice(0, 3);
  if (!adj.has(k)) adj.set(k, []);
  adj.get(k)!.push(w.slice(-3));
}
const memo = new Map<string, string>(); // 'W', 'L', 'D'
function solve(v: string): string {
  if (memo.has(v)) return memo.get(v)!;
  memo.set(v, 'D');
  let draw = false;
  for (const u of adj.get(v) ?? []) {
    const r = solve(u);
    if (r === 'L') {
      memo.set(v, 'W');
      return 'W';
    }
    if (r === 'D') draw = true;
  }
  const res = draw ? 'D' : 'L';
  memo.set(v, res);
  return res;
}
const ans: string[] = [];
for (const w of words) {
  const r = solve(w.slice(-3));
  ans.push(r === 'L' ? 'Takahashi' : r === 'W' ? 'Aoki' : 'Draw');
}
console.log(ans.join('\n'));
