// Exact (integers only), but each line walks the cold pairs (⌊kφ⌋, ⌊kφ⌋ + k) from k = 0 until
// ⌊kφ⌋ reaches the smaller pile: about 0.6·a steps per line, 6·10^8 near 10^9.
// ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2, and the square root grows by 2 or 3 from one k to the next.
import { readFileSync } from 'fs';
const v = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let i = 0; i + 1 < v.length; i += 2) {
  const a = BigInt(Math.min(v[i], v[i + 1]));
  const b = BigInt(Math.max(v[i], v[i + 1]));
  let k = 0n;
  let root = 0n;
  let ak = 0n;
  while (true) {
    ak = (k + root) / 2n;
    if (ak >= a) break;
    k++;
    root += 2n;
    while ((root + 1n) * (root + 1n) <= 5n * k * k) root++;
  }
  out.push(ak === a && b === a + k ? '0' : '1');
}
console.log(out.join('\n'));
