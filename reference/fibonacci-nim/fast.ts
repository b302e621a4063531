// The first player loses exactly when n is a Fibonacci number (Zeckendorf: otherwise take the
// smallest term of n's Zeckendorf sum, which the opponent cannot match under the 2× rule). There
// are 45 Fibonacci numbers from 2 up to 2^31.
const FIB = new Set<number>();
for (let a = 1, b = 2; a < 2 ** 31; [a, b] = [b, a + b]) FIB.add(a);

export function solve(input: string): string {
  const out: string[] = [];
  for (const tok of input.split(/\s+/)) {
    if (!tok) continue;
    const n = Number(tok);
    if (n === 0) break;
    out.push(FIB.has(n) ? 'Second win' : 'First win');
  }
  return out.join('\n') + '\n';
}
