// The literal game, searched exhaustively: a position is the board; a move puts an X on an empty
// cell and wins at once if three X's are then in a row. A position wins when some move completes
// three or leads to a losing position. No runs, no values. Boards of up to about 14 cells.
const memo = new Map<string, boolean>();

const completesThree = (s: string, i: number): boolean => {
  const t = s.slice(0, i) + 'X' + s.slice(i + 1);
  return t.slice(Math.max(0, i - 2), i + 3).includes('XXX');
};

function wins(s: string): boolean {
  const known = memo.get(s);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < s.length && !result; i++) {
    if (s[i] !== '.') continue;
    if (completesThree(s, i) || !wins(s.slice(0, i) + 'X' + s.slice(i + 1))) result = true;
  }
  memo.set(s, result);
  return result;
}

export function solve(input: string): string {
  const words = input.split(/\s+/).filter(Boolean);
  const t = Number(words[0]);
  const out: string[] = [];
  for (let k = 1; k <= t; k++) {
    const s = words[k]!;
    const moves: number[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '.' && (completesThree(s, i) || !wins(s.slice(0, i) + 'X' + s.slice(i + 1)))) moves.push(i + 1);
    }
    out.push(moves.length > 0 ? 'WINNING' : 'LOSING', moves.join(' '));
  }
  return out.join('\n') + '\n';
}
