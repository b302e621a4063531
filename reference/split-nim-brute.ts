// The literal game behind laskers-nim and three-way-split, searched exhaustively: a position is the
// multiset of piles; a move takes a positive amount from one pile, or splits one pile into `parts`
// non-empty piles. The player without a move (no piles left) loses. No Sprague–Grundy values, no
// pattern: a position wins when some move leads to a losing one. Memoised across calls.

/** Every way to write n as `parts` positive numbers in non-increasing order. */
function splits(n: number, parts: number, most = n): number[][] {
  if (parts === 1) return n >= 1 && n <= most ? [[n]] : [];
  const out: number[][] = [];
  for (let first = Math.min(n - parts + 1, most); first >= 1; first--) {
    for (const rest of splits(n - first, parts - 1, first)) out.push([first, ...rest]);
  }
  return out;
}

export function splitNimSolver(parts: number, words: [first: string, second: string]): (input: string) => string {
  const memo = new Map<string, boolean>();
  const wins = (piles: number[]): boolean => {
    const key = piles.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = false;
    for (let i = 0; i < piles.length && !result; i++) {
      if (i > 0 && piles[i] === piles[i - 1]) continue;
      const rest = piles.filter((_, j) => j !== i);
      const pile = piles[i]!;
      const next: number[][] = [];
      for (let m = 0; m < pile; m++) next.push(m > 0 ? [...rest, m] : rest);
      for (const pieces of splits(pile, parts)) next.push([...rest, ...pieces]);
      result = next.some((p) => !wins(p.sort((a, b) => a - b)));
    }
    memo.set(key, result);
    return result;
  };
  return (input) => {
    const data = input.split(/\s+/).filter(Boolean).map(Number);
    let p = 0;
    const t = data[p++]!;
    const out: string[] = [];
    for (let c = 0; c < t; c++) {
      const n = data[p++]!;
      const piles = data.slice(p, p + n).sort((a, b) => a - b);
      p += n;
      out.push(wins(piles) ? words[0] : words[1]);
    }
    return out.join('\n') + '\n';
  };
}
