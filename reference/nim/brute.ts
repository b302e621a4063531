// Win/lose search over real positions: a position wins when some move (take 1..a stones from one
// pile) leads to a losing position. Positions are sorted multisets, memoised across calls.
const memo = new Map<string, boolean>();

function wins(piles: number[]): boolean {
  const key = piles.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < piles.length && !result; i++) {
    for (let take = 1; take <= piles[i]! && !result; take++) {
      const next = piles.slice();
      next[i] = piles[i]! - take;
      if (!wins(next.filter((v) => v > 0).sort((a, b) => a - b))) result = true;
    }
  }
  memo.set(key, result);
  return result;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    const piles = data.slice(p, p + n).filter((v) => v > 0).sort((a, b) => a - b);
    p += n;
    out.push(wins(piles) ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}
