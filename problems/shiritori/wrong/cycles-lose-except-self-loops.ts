// Win/lose DFS that treats going round a cycle as a loss for the player who closes it; only a word
// that can follow itself (first three letters = last three) is recognised as a draw.
import * as fs from 'fs';
const words = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).slice(1);
const adj = new Map<string, string[]>();
for (const w of words) {
  const k = w.slice(0, 3);
  if (!adj.has(k)) adj.set(k, []);
  adj.get(k)!.push(w.slice(-3));
}
const memo = new Map<string, string>(); // 'W', 'L', 'D'
const onStack = new Set<string>();
function solve(v: string): string {
  if (memo.has(v)) return memo.get(v)!;
  if (onStack.has(v)) return 'W'; // the mover here would repeat the cycle: count it against the one who closed it
  onStack.add(v);
  let res = 'L';
  let selfLoop = false;
  let draw = false;
  for (const u of adj.get(v) ?? []) {
    if (u === v) {
      selfLoop = true;
      continue;
    }
    const r = solve(u);
    if (r === 'L') res = 'W';
    if (r === 'D') draw = true;
  }
  if (res !== 'W' && (selfLoop || draw)) res = 'D';
  onStack.delete(v);
  memo.set(v, res);
  return res;
}
const ans: string[] = [];
for (const w of words) {
  const r = solve(w.slice(-3));
  ans.push(r === 'L' ? 'Takahashi' : r === 'W' ? 'Aoki' : 'Draw');
}
console.log(ans.join('\n'));
