// Correct but slow: Georgia wins when some move leads to a losing position, so the learner tries
// every move and re-checks the pairing rule on a re-sorted copy: O(moves · N log N) per game, up to
// 10^4 moves of 10^3 chessmen when Georgia has no winning move.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
function losing(pos: number[]): boolean {
  const a = pos.slice().sort((x, y) => x - y);
  let x = 0;
  for (let i = a.length - 1; i >= 0; i -= 2) x ^= a[i] - (i > 0 ? a[i - 1] : 0) - 1;
  return x === 0;
}
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const pos = data.slice(p, p + n);
  p += n;
  const occupied = new Set(pos);
  let win = false;
  for (let i = 0; i < n && !win; i++) {
    // Every free cell to the left, up to the nearest chessman.
    for (let to = pos[i] - 1; to >= 1 && !occupied.has(to) && !win; to--) {
      const next = pos.slice();
      next[i] = to;
      if (losing(next)) win = true;
    }
  }
  out.push(win ? 'Georgia will win' : 'Bob will win');
}
console.log(out.join('\n'));
