// The literal game, no theory: a position is the row (R, B or W for a whitened cell) and whose turn
// it is. Alice may whiten any two neighbouring cells with at least one R among them, Bob any two
// with at least one B; whoever cannot move loses. Win/lose search memoised over positions, across
// calls; meant for rows of up to about 12 cells (3^12 rows, two movers).
const memo = new Map<string, boolean>();

/** Does the player to move win? `mover` is 'R' for Alice, 'B' for Bob. */
function wins(row: string, mover: 'R' | 'B'): boolean {
  const key = mover + row;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const other = mover === 'R' ? 'B' : 'R';
  let result = false;
  for (let i = 0; i + 1 < row.length && !result; i++) {
    if (row[i] !== mover && row[i + 1] !== mover) continue;
    if (!wins(row.slice(0, i) + 'WW' + row.slice(i + 2), other)) result = true;
  }
  memo.set(key, result);
  return result;
}

export function solve(input: string): string {
  const tokens = input.split(/\s+/).filter(Boolean);
  const t = Number(tokens[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) out.push(wins(tokens[2 + 2 * c]!, 'R') ? 'Alice' : 'Bob');
  return out.join('\n') + '\n';
}
