// Bouton's theorem: the first player wins exactly when the XOR of the piles is non-zero.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    let x = 0;
    for (let i = 0; i < n; i++) x ^= data[p++]!;
    out.push(x !== 0 ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}
