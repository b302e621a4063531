// A pair (x, y) has SG value equal to the number of trailing one-bits of (x - 1) | (y - 1); the
// pairs are independent games, so the first player wins exactly when the XOR of the pair values is
// non-zero. Piles are at most 2e9, so x - 1 fits in 31 bits and 32-bit operators are exact.
export function solve(input: string): string {
  // A max file holds 4 * 10^5 numbers: scan digits directly instead of splitting into strings.
  let pos = 0;
  const next = (): number => {
    let c = input.charCodeAt(pos);
    while (c < 48 || c > 57) c = input.charCodeAt(++pos);
    let v = 0;
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      c = input.charCodeAt(++pos);
    }
    return v;
  };
  const t = next();
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = next();
    let x = 0;
    for (let i = 0; i < n; i += 2) {
      let v = (next() - 1) | (next() - 1);
      let sg = 0;
      while (v & 1) {
        v >>>= 1;
        sg++;
      }
      x ^= sg;
    }
    out.push(x !== 0 ? 'YES' : 'NO');
  }
  return out.join('\n') + '\n';
}
