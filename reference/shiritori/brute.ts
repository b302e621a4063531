// Forward search over words, no retrograde analysis: a position is the word said last, and the
// next word must begin with its last three letters (compared as strings, case-sensitive).
// wins(w, k): the player to move after w can make the opponent stuck within k plies;
// loses(w, k): whatever the player to move after w does, the opponent can do that within k - 1.
// A finite game graph of N positions settles every forced result within N + 1 plies, so with
// k = 2N + 2 what neither holds is a draw. Memoised on (w, k); O(N^3) for small N.
export function solve(input: string): string {
  const tokens = input.split(/\s+/).filter(Boolean);
  const n = Number(tokens[0]);
  const words = tokens.slice(1, 1 + n);
  const next: number[][] = words.map((w) => {
    const tail = w.slice(-3);
    return words.flatMap((v, j) => (v.slice(0, 3) === tail ? [j] : []));
  });
  const depth = 2 * n + 2;
  // 0 unknown, 1 true, 2 false.
  const winMemo = new Uint8Array(n * (depth + 1));
  const loseMemo = new Uint8Array(n * (depth + 1));

  const wins = (w: number, k: number): boolean => {
    if (k <= 0) return false;
    const key = w * (depth + 1) + k;
    if (winMemo[key]) return winMemo[key] === 1;
    const result = next[w]!.some((v) => loses(v, k - 1));
    winMemo[key] = result ? 1 : 2;
    return result;
  };
  const loses = (w: number, k: number): boolean => {
    if (k < 0) return false;
    const key = w * (depth + 1) + k;
    if (loseMemo[key]) return loseMemo[key] === 1;
    const result = next[w]!.every((v) => wins(v, k - 1));
    loseMemo[key] = result ? 1 : 2;
    return result;
  };

  return words.map((_, i) => (loses(i, depth) ? 'Takahashi' : wins(i, depth) ? 'Aoki' : 'Draw')).join('\n') + '\n';
}
