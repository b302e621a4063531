// The literal game: a position is the multiset of heaps; a move removes s ∈ S beads from one heap
// holding at least s; a position wins when some move leads to a losing one. No values, no XOR.
// Positions are sorted lists, memoised per set.
function solveSet(moves: number[], positions: number[][]): string {
  const memo = new Map<string, boolean>();
  const wins = (heaps: number[]): boolean => {
    const key = heaps.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = false;
    for (let i = 0; i < heaps.length && !result; i++) {
      for (const s of moves) {
        if (s > heaps[i]!) continue;
        const next = heaps.slice();
        next[i] = heaps[i]! - s;
        if (!wins(next.sort((a, b) => a - b))) {
          result = true;
          break;
        }
      }
    }
    memo.set(key, result);
    return result;
  };
  return positions.map((heaps) => (wins([...heaps].sort((a, b) => a - b)) ? 'W' : 'L')).join('');
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const out: string[] = [];
  for (;;) {
    const k = data[p++]!;
    if (k === 0) break;
    const moves = data.slice(p, p + k);
    p += k;
    const m = data[p++]!;
    const positions: number[][] = [];
    for (let i = 0; i < m; i++) {
      const l = data[p++]!;
      positions.push(data.slice(p, p + l));
      p += l;
    }
    out.push(solveSet(moves, positions));
  }
  return out.join('\n') + '\n';
}
