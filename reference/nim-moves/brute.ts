// Counts the first moves literally: every pile i and every take of 1..a_i stones, checking whether
// the position left behind is lost for the opponent by a win/lose search over sorted multisets of
// piles (memoised across calls). Small piles only.
const memo = new Map<string, boolean>();

function wins(piles: number[]): boolean {
  const key = piles.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < piles.length && !result; i++) {
    if (i > 0 && piles[i] === piles[i - 1]) continue;
    for (let left = 0; left < piles[i]! && !result; left++) {
      if (!wins(after(piles, i, left))) result = true;
    }
  }
  memo.set(key, result);
  return result;
}

/** The sorted position after pile i is reduced to `left` stones (empty piles dropped). */
function after(piles: number[], i: number, left: number): number[] {
  const next = piles.slice();
  next[i] = left;
  return next.filter((v) => v > 0).sort((a, b) => a - b);
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  for (;;) {
    const m = data[p++]!;
    if (!m) break;
    const piles = data.slice(p, p + m);
    p += m;
    let count = 0;
    for (let i = 0; i < m; i++) {
      for (let left = 0; left < piles[i]!; left++) if (!wins(after(piles, i, left))) count++;
    }
    out.push(String(count));
  }
  return out.join('\n') + '\n';
}
