// Cuts the row into alternating runs at every "RR" or "BB", but gives the cell where a run ends
// to both runs: every run except the last is counted one cell too long.
import * as fs from 'fs';
const g: number[] = [0, 0];
for (let n = 2; n <= 200; n++) {
  const seen = new Set<number>();
  for (let a = 0; a <= n - 2; a++) seen.add(g[a] ^ g[n - 2 - a]);
  let m = 0;
  while (seen.has(m)) m++;
  g.push(m);
}
const sg = (n: number) => (n <= 200 ? g[n] : g[53 + ((n - 53) % 34)]);
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const t = Number(tok[0]);
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const s = tok[2 + 2 * c];
  const r = s.split('').filter((ch) => ch === 'R').length;
  const b = s.length - r;
  if (r !== b) {
    out.push(r > b ? 'Alice' : 'Bob');
    continue;
  }
  let x = 0;
  let start = 0;
  for (let i = 1; i < s.length; i++) {
    if (s[i] === s[i - 1]) {
      x ^= sg(i - start + 1);
      start = i;
    }
  }
  x ^= sg(s.length - start);
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
