// Moore's theorem for Nim_k: write every pile in binary; the player to move loses exactly when, for
// every bit, the number of piles having that bit set is a multiple of k + 1. (For k = 1 this is
// Bouton's XOR rule.) The input holds up to 10^6 numbers, so it is scanned by character codes into
// an Int32Array (every value is below 2^30) rather than split into strings.
const BITS = 30; // 10^9 < 2^30

function readInts(input: string): Int32Array {
  const out = new Int32Array((input.length >> 1) + 1);
  let count = 0;
  let v = -1;
  for (let i = 0; i < input.length; i++) {
    const d = input.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) {
      v = v < 0 ? d : v * 10 + d;
    } else if (v >= 0) {
      out[count++] = v;
      v = -1;
    }
  }
  if (v >= 0) out[count++] = v;
  return out.subarray(0, count);
}

export function solve(input: string): string {
  const data = readInts(input);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  const count = new Int32Array(BITS);
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    const k = data[p++]!;
    count.fill(0);
    for (const end = p + n; p < end; p++) {
      const a = data[p]!;
      for (let b = 0; b < BITS; b++) count[b]! += (a >> b) & 1;
    }
    let losing = true;
    for (let b = 0; b < BITS; b++) if (count[b]! % (k + 1) !== 0) losing = false;
    out.push(losing ? 'Second' : 'First');
  }
  return out.join('\n') + '\n';
}
