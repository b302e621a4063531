// Win/lose search over real positions: the sorted tuple of occupied cells. A move takes one
// chessman at least one cell to the left, onto a free cell, without passing another chessman or
// the left edge (cell 1). The player who cannot move loses. Memoised across calls.
const memo = new Map<string, boolean>();

function wins(pos: number[]): boolean {
  const key = pos.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < pos.length && !result; i++) {
    const lowest = i > 0 ? pos[i - 1]! + 1 : 1;
    for (let to = pos[i]! - 1; to >= lowest && !result; to--) {
      const next = pos.slice();
      next[i] = to;
      if (!wins(next)) result = true;
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
    const pos = data.slice(p, p + n).sort((a, b) => a - b);
    p += n;
    out.push(wins(pos) ? 'Georgia will win' : 'Bob will win');
  }
  return out.join('\n') + '\n';
}
