// The SG value of one pair (x, y) from the literal rule: a move removes one pile of the pair and
// splits the other into two positive piles, so (x, y) goes to (a, x - a) or (b, y - b). The pairs
// are independent games (Sprague-Grundy), so a position loses exactly when their SG values XOR to 0.
// Memoised across calls; only for small piles (the table grows with max(x, y)^2).
const memo = new Map<number, number>();

function sg(x: number, y: number): number {
  const key = x < y ? x * 65536 + y : y * 65536 + x;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (const whole of [x, y]) {
    for (let a = 1; a < whole; a++) seen.add(sg(a, whole - a));
  }
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(key, mex);
  return mex;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    let x = 0;
    for (let i = 0; i < n; i += 2) {
      const a = data[p++]!;
      const b = data[p++]!;
      if (a > 1000 || b > 1000) throw new Error('brute force: piles too large');
      x ^= sg(a, b);
    }
    out.push(x !== 0 ? 'YES' : 'NO');
  }
  return out.join('\n') + '\n';
}
