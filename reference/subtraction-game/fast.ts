// Who wins subtraction-game from the full row (the stored tests' "expected" text, and what the
// brute force cross-checks). When some allowed length y has the parity of N, the first player
// removes the middle y cards and copies every later move of the opponent in the mirror half; that
// is always possible when L < R, and when L = R it needs N - L even. Otherwise (L = R, N - L odd)
// the Grundy value of a row of n cards is the mex of g[a] ^ g[n - L - a]: O(N^2).
export function solve(input: string): string {
  const [n, l, r] = input.trim().split(/\s+/).map(Number) as [number, number, number];
  if (l < r || (n - l) % 2 === 0) return 'First\n';
  const g = new Int32Array(n + 1);
  const seen = new Int32Array(2 * n + 2);
  for (let m = l; m <= n; m++) {
    for (let a = 0; a <= m - l; a++) seen[g[a]! ^ g[m - l - a]!] = m;
    let mex = 0;
    while (seen[mex] === m) mex++;
    g[m] = mex;
  }
  return g[n] !== 0 ? 'First\n' : 'Second\n';
}
