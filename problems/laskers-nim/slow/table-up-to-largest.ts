// Correct values (mex over every take and every split), but the table is built up to the largest
// pile of the input: O(s^2) steps, hopeless for piles near 2^31.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const sg: number[] = [0];
function grundy(s: number): number {
  while (sg.length <= s) {
    const n = sg.length;
    const seen: boolean[] = [];
    for (let m = 0; m < n; m++) seen[sg[m]] = true;
    for (let x = 1; x < n; x++) seen[sg[x] ^ sg[n - x]] = true;
    let g = 0;
    while (seen[g]) g++;
    sg.push(g);
  }
  return sg[s];
}
let p = 0;
const t = a[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = a[p++];
  let x = 0;
  for (let i = 0; i < n; i++) x ^= grundy(a[p++]);
  out.push(x ? 'Alice' : 'Bob');
}
console.log(out.join('\n'));
