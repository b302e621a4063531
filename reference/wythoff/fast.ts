// The losing pairs are (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, … (Wythoff): with a ≤ b, the pair loses exactly
// when a = ⌊(b − a)·φ⌋. Near 10^9 a double cannot tell ⌊kφ⌋ (kφ may lie within 10^-9 of an integer),
// so it is computed in integers: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋, with an exact BigInt square root.
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p + 1 < data.length; p += 2) {
    const a = Math.min(data[p]!, data[p + 1]!);
    const k = BigInt(Math.max(data[p]!, data[p + 1]!) - a);
    const cold = (k + isqrt(5n * k * k)) / 2n === BigInt(a);
    out.push(cold ? '0' : '1');
  }
  return out.join('\n') + '\n';
}
