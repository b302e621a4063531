// A cut that leaves a 1×k sheet hands the opponent a 1×1 cut, so nobody makes one unless forced, and
// a player with only such cuts loses. The game is then normal play: a sheet's moves are the cuts
// keeping both sides of both pieces at least 2, several sheets are a sum, and
// sg(n, m) = mex { sg(i, m) ^ sg(n-i, m), sg(n, j) ^ sg(n, m-j) : 2 ≤ i ≤ n-2, 2 ≤ j ≤ m-2 }.
// The table is symmetric and so is each cut (i and n-i give the same pieces), so only n ≤ m and
// i ≤ n/2, j ≤ m/2 are computed: about 2·10^6 steps, once, kept across calls.
const MAX = 200;
const W = MAX + 1;

function grundyTable(): Int32Array {
  const sg = new Int32Array(W * W);
  // A sheet has fewer than 2·MAX cuts, so its mex is below that: larger XORs cannot matter.
  const seen = new Int32Array(2 * MAX);
  let stamp = 0;
  for (let n = 2; n <= MAX; n++) {
    for (let m = n; m <= MAX; m++) {
      stamp++;
      for (let i = 2; 2 * i <= n; i++) {
        const v = sg[i * W + m]! ^ sg[(n - i) * W + m]!;
        if (v < seen.length) seen[v] = stamp;
      }
      for (let j = 2; 2 * j <= m; j++) {
        const v = sg[n * W + j]! ^ sg[n * W + m - j]!;
        if (v < seen.length) seen[v] = stamp;
      }
      let g = 0;
      while (seen[g] === stamp) g++;
      sg[n * W + m] = g;
      sg[m * W + n] = g;
    }
  }
  return sg;
}

let table: Int32Array | undefined;

export function solve(input: string): string {
  const sg = (table ??= grundyTable());
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p + 1 < data.length; p += 2) {
    out.push(sg[data[p]! * W + data[p + 1]!] !== 0 ? 'WIN' : 'LOSE');
  }
  return out.join('\n') + '\n';
}
