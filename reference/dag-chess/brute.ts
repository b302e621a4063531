// The literal game: a position is the multiset of the pieces' places; a move slides one piece along
// one edge; who cannot move loses. Memoised per graph over sorted multisets. No values, no XOR.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    const adj: number[][] = [];
    for (let v = 0; v < n; v++) {
      const x = data[p++]!;
      adj.push(data.slice(p, p + x));
      p += x;
    }
    const memo = new Map<string, boolean>();
    const wins = (pieces: number[]): boolean => {
      const key = pieces.join(',');
      const known = memo.get(key);
      if (known !== undefined) return known;
      let result = false;
      for (let i = 0; i < pieces.length && !result; i++) {
        for (const w of adj[pieces[i]!]!) {
          const next = pieces.slice();
          next[i] = w;
          if (!wins(next.sort((a, b) => a - b))) {
            result = true;
            break;
          }
        }
      }
      memo.set(key, result);
      return result;
    };
    for (;;) {
      const m = data[p++]!;
      if (m === 0) break;
      out.push(wins(data.slice(p, p + m).sort((a, b) => a - b)) ? 'WIN' : 'LOSE');
      p += m;
    }
  }
  return out.join('\n') + '\n';
}
