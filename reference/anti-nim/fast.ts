// Misère Nim (the SJ theorem for anti-SG games): if every pile holds one stone, the first player wins
// exactly when the number of piles is even (XOR 0); otherwise he wins exactly when the XOR of the
// piles is non-zero, as in normal Nim.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    let x = 0;
    let big = false;
    for (let i = 0; i < n; i++) {
      const a = data[p++]!;
      x ^= a;
      if (a > 1) big = true;
    }
    out.push((big ? x !== 0 : x === 0) ? 'John' : 'Brother');
  }
  return out.join('\n') + '\n';
}
