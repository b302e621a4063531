// Right idea (no piece may be 1 wide, mex of XORs), but the learner only tries cuts across N:
// cutting along M is forgotten, so a 2 × 4 sheet looks lost while 4 × 2 is won.
import * as fs from 'fs';
const MAX = 200;
const sg: number[][] = Array.from({ length: MAX + 1 }, () => new Array(MAX + 1).fill(0));
// seen[v] === stamp marks v as reachable from the current sheet (values stay below 256 here).
const seen = new Int32Array(1024);
let stamp = 0;
for (let n = 2; n <= MAX; n++) {
  for (let m = 2; m <= MAX; m++) {
    stamp++;
    for (let i = 2; i <= n - 2; i++) seen[sg[i][m] ^ sg[n - i][m]] = stamp;
    let g = 0;
    while (seen[g] === stamp) g++;
    sg[n][m] = g;
  }
}
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let p = 0; p + 1 < data.length; p += 2) out.push(sg[data[p]][data[p + 1]] ? 'WIN' : 'LOSE');
console.log(out.join('\n'));
