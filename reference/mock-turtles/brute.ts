// The literal coin game, searched exhaustively: the row is a bitmask of heads (a repeated position
// is one head). A move picks a head r, turns it to tails, and turns over zero, one or two other
// coins to the left of r, whatever their side. The player without a move (no heads) loses. No
// values, no coin-turning theorem. Positions below 16 at most (small inputs only).
const memo = new Map<number, boolean>();

function wins(mask: number): boolean {
  const known = memo.get(mask);
  if (known !== undefined) return known;
  let result = false;
  for (let r = 0; (1 << r) <= mask && !result; r++) {
    if (!((mask >> r) & 1)) continue;
    const base = mask ^ (1 << r);
    if (!wins(base)) result = true;
    for (let a = 0; a < r && !result; a++) {
      if (!wins(base ^ (1 << a))) result = true;
      for (let b = a + 1; b < r && !result; b++) if (!wins(base ^ (1 << a) ^ (1 << b))) result = true;
    }
  }
  memo.set(mask, result);
  return result;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p < data.length; ) {
    const n = data[p++]!;
    let mask = 0;
    for (let i = 0; i < n; i++) mask |= 1 << data[p++]!;
    out.push(wins(mask) ? 'No' : 'Yes');
  }
  return out.join('\n') + '\n';
}
