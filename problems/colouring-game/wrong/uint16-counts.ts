// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// The right rule (more red cells: Alice; more blue: Bob; equal: the XOR of the SG values of the
// alternating runs), but the learner counts the colours in a Uint16Array ("a count is a small
// number"): a row with 65,536 cells of one colour counts them as 0, and "more red" reads as "equal".
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
const count = new Uint16Array(2);
for (let c = 0; c < t; c++) {
  const s = tok[2 + 2 * c];
  count[0] = 0;
  count[1] = 0;
  for (let i = 0; i < s.length; i++) count[s.charCodeAt(i) === 82 ? 0 : 1]++;
  if (count[0] !== count[1]) {
    out.push(count[0] > count[1] ? 'Alice' : 'Bob');
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
