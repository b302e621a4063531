// Remembers that more blue cells win for Bob, but lets the SG of the runs decide every other
// case, also when red outnumbers blue (then Alice always wins).
import * as fs from 'fs';
const N = 500000;
const g = new Int32Array(N + 1);
const seen = new Uint8Array(64);
for (let n = 2; n <= 200; n++) {
  seen.fill(0);
  for (let a = 0; a <= n - 2; a++) seen[g[a] ^ g[n - 2 - a]] = 1;
  let m = 0;
  while (seen[m]) m++;
  g[n] = m;
}
for (let n = 201; n <= N; n++) g[n] = g[n - 34];
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const t = Number(tok[0]);
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const s = tok[2 + 2 * c];
  let r = 0;
  for (const ch of s) if (ch === 'R') r++;
  if (r < s.length - r) {
    out.push('Bob');
    continue;
  }
  let x = 0;
  let start = 0;
  for (let i = 1; i <= s.length; i++) {
    if (i === s.length || s[i] === s[i - 1]) {
      x ^= g[i - start];
      start = i;
    }
  }
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
