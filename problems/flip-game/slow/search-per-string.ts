// The classic backtracking answer with a memo of whole strings, cleared for every game: correct,
// but the number of strings reachable from a long run of '+' grows exponentially.
import { readFileSync } from 'fs';
const lines = readFileSync('/dev/stdin', 'utf8').split('\n');
const t = Number(lines[0]);
const out: string[] = [];
for (let i = 1; i <= t; i++) {
  const memo = new Map<string, boolean>();
  const canWin = (s: string): boolean => {
    const known = memo.get(s);
    if (known !== undefined) return known;
    let win = false;
    for (let j = 0; j + 1 < s.length; j++) {
      if (s[j] === '+' && s[j + 1] === '+' && !canWin(s.substring(0, j) + '--' + s.substring(j + 2))) {
        win = true;
        break;
      }
    }
    memo.set(s, win);
    return win;
  };
  out.push(String(canWin(lines[i].trim())));
}
console.log(out.join('\n'));
