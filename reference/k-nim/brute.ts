// Win/lose search over real positions, following the literal rule: choose between 1 and k non-empty
// piles and take at least one stone from each chosen pile (any amounts). The player who cannot move
// (all piles empty) loses. Positions are sorted lists of non-empty piles, memoised per k across calls.
const memo = new Map<string, boolean>();

function wins(piles: number[], k: number): boolean {
  const key = `${k}:${piles.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  // Walk the piles left to right, deciding for each whether it is touched and what it becomes.
  const next = piles.slice();
  const choose = (i: number, touched: number): void => {
    if (result) return;
    if (i === piles.length) {
      if (touched > 0 && !wins(next.filter((v) => v > 0).sort((a, b) => a - b), k)) result = true;
      return;
    }
    choose(i + 1, touched);
    if (touched === k) return;
    for (let v = 0; v < piles[i]!; v++) {
      next[i] = v;
      choose(i + 1, touched + 1);
    }
    next[i] = piles[i]!;
  };
  choose(0, 0);
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
    const k = data[p++]!;
    const piles = data.slice(p, p + n).filter((v) => v > 0).sort((a, b) => a - b);
    p += n;
    out.push(wins(piles, k) ? 'First' : 'Second');
  }
  return out.join('\n') + '\n';
}
