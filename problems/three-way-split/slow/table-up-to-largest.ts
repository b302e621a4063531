// Correct values (mex over every take and every separation into three), but the table is built up
// to the largest heap of the input: O(s^3) steps, hopeless for heaps near 10^9.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const g: number[] = [0];
function value(s: number): number {
  while (g.length <= s) {
    const n = g.length;
    const seen: boolean[] = [];
    for (let m = 0; m < n; m++) seen[g[m]] = true;
    for (let x = 1; x < n; x++) for (let y = 1; x + y < n; y++) seen[g[x] ^ g[y] ^ g[n - x - y]] = true;
    let v = 0;
    while (seen[v]) v++;
    g.push(v);
  }
  return g[s];
}
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= value(a[p++]);
  out.push(x ? 'First player wins.' : 'Second player wins.');
}
console.log(out.join('\n'));
