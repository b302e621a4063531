// stress: only size max reveals this mistake, and rarely (random sets seldom reach Grundy value 65):
// the stored tests of full move sets kill it (the solution table checks that).
// The mex marks are kept in a fixed array of 64 ("values stay small"): a mark at 64 or more is
// dropped, so every value from 65 on comes out as 64. With k ≤ 100 moves, values reach 100.
import { readFileSync } from 'fs';
const data = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
for (;;) {
  const k = data[p++];
  if (k === 0 || k === undefined) break;
  const S = data.slice(p, p + k);
  p += k;
  const sg = new Int32Array(10001);
  const marks = new Uint8Array(64);
  for (let n = 1; n <= 10000; n++) {
    marks.fill(0);
    for (const s of S) if (s <= n) marks[sg[n - s]] = 1;
    let g = 0;
    while (marks[g]) g++;
    sg[n] = g;
  }
  const m = data[p++];
  let line = '';
  for (let i = 0; i < m; i++) {
    const l = data[p++];
    let x = 0;
    for (let j = 0; j < l; j++) x ^= sg[data[p++]];
    line += x ? 'W' : 'L';
  }
  out.push(line);
}
console.log(out.join('\n'));
