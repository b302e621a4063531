// A cut that leaves a 1×k sheet hands the opponent a 1×1 cut, so nobody makes one unless forced, and
// a player with only such cuts loses. The game is then normal play: a sheet's moves are the cuts
// keeping both sides of both pieces at least 2, several sheets are a sum, and
// sg(n, m) = mex { sg(i, m) ^ sg(n-i, m), sg(n, j) ^ sg(n, m-j) : 2 ≤ i ≤ n-2, 2 ≤ j ≤ m-2 }.
// The whole 200 × 200 table costs about 8·10^6 steps, computed once and kept across calls.
const MAX = 200;

function grundyTable(): Int32Array {
  const sg = new Int32Array((MAX + 1) * (MAX + 1));
  const seen = new Int32Array(2 * MAX + 2);
  let stamp = 0;
  for (let n = 2; n <= MAX; n++) {
    for (let m = 2; m <= MAX; m++) {
      stamp++;
      for (let i = 2; i <= n - 2; i++) {
        const v = sg[i * (MAX + 1) + m]! ^ sg[(n - i) * (MAX + 1) + m]!;
        if (v < seen.length) seen[v] = stamp;
      }
      for (let j = 2; j <= m - 2; j++) {
        const v = sg[n * (MAX + 1) + j]! ^ sg[n * (MAX + 1) + m - j]!;
        if (v < seen.length) seen[v] = stamp;
      }
      let g = 0;
      while (seen[g] === stamp) g++;
      sg[n * (MAX + 1) + m] = g;
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
    out.push(sg[data[p]! * (MAX + 1) + data[p + 1]!] !== 0 ? 'WIN' : 'LOSE');
  }
  return out.join('\n') + '\n';
}
