// Win/lose search over whole strings, following the literal rule: a position wins when flipping some
// "++" to "--" leads to a losing position; with no "++" left the player to move loses. No splitting
// into runs. Memoised across calls.
const memo = new Map<string, boolean>();

function wins(s: string): boolean {
  const known = memo.get(s);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i + 1 < s.length && !result; i++) {
    if (s[i] === '+' && s[i + 1] === '+' && !wins(s.slice(0, i) + '--' + s.slice(i + 2))) result = true;
  }
  memo.set(s, result);
  return result;
}

export function solve(input: string): string {
  const lines = input.split('\n').map((l) => l.trim()).filter(Boolean);
  const t = Number(lines[0]);
  return lines.slice(1, 1 + t).map((s) => (wins(s) ? 'true' : 'false')).join('\n') + '\n';
}
