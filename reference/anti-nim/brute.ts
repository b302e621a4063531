// Win/lose search over real positions (sorted multisets of non-empty piles, memoised across calls),
// with the misère rule: whoever takes the last stone loses. So when no stone is left, the player to
// move wins (the opponent just took the last one); otherwise a position wins when some move (take
// 1..a stones from one pile) leads to a losing position.
const memo = new Map<string, boolean>();

function wins(piles: number[]): boolean {
  if (piles.length === 0) return true;
  const key = piles.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < piles.length && !result; i++) {
    if (i > 0 && piles[i] === piles[i - 1]) continue;
    for (let left = 0; left < piles[i]! && !result; left++) {
      const next = piles.slice();
      next[i] = left;
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
    const piles = data.slice(p, p + n).sort((a, b) => a - b);
    p += n;
    out.push(wins(piles) ? 'John' : 'Brother');
  }
  return out.join('\n') + '\n';
}
