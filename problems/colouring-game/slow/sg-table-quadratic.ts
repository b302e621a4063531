// Correct, but computes the SG values of run lengths by their definition, up to the longest run
// in the input: O(L^2) for a run of length L, which a row of 5·10^5 alternating cells makes 10^11.
import * as fs from 'fs';
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const t = Number(tok[0]);
const g: number[] = [0, 0];
const seen = new Uint8Array(1024);
const sg = (n: number): number => {
  while (g.length <= n) {
    const len = g.length;
    seen.fill(0);
    for (let a = 0; a <= len - 2; a++) seen[g[a] ^ g[len - 2 - a]] = 1;
    let m = 0;
    while (seen[m]) m++;
    g.push(m);
  }
  return g[n];
};
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
  let start = 0;
  for (let i = 1; i <= s.length; i++) {
    if (i === s.length || s[i] === s[i - 1]) {
      x ^= sg(i - start);
      start = i;
    }
  }
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
