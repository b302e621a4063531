// Moore's theorem for Nim_k: write every pile in binary; the player to move loses exactly when, for
// every bit, the number of piles having that bit set is a multiple of k + 1. (For k = 1 this is
// Bouton's XOR rule.) Input is up to 10^6 numbers, so it is scanned by character codes.
const BITS = 30; // 10^9 < 2^30

export function solve(input: string): string {
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
  const count = new Int32Array(BITS);
  for (let c = 0; c < t; c++) {
    const n = next();
    const k = next();
    count.fill(0);
    for (let i = 0; i < n; i++) {
      let a = next();
      for (let b = 0; a !== 0; b++, a >>>= 1) count[b]! += a & 1;
    }
    let losing = true;
    for (let b = 0; b < BITS; b++) if (count[b]! % (k + 1) !== 0) losing = false;
    out.push(losing ? 'Second' : 'First');
  }
  return out.join('\n') + '\n';
}
