// Correct, but evaluates the definition of SG at the top level: the mex over every way to split
// either pile, with the trailing-ones pattern used only for the children. That is O(S_i) work per
// pair, hopeless for piles of 2 * 10^9.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);

function pattern(x: number, y: number): number {
  let v = (x - 1) | (y - 1);
  let k = 0;
  while (v & 1) {
    v >>>= 1;
    k++;
  }
  return k;
}

function sg(x: number, y: number): number {
  let seen = 0;
  for (const w of [x, y]) for (let a = 1; a < w; a++) seen |= 1 << pattern(a, w - a);
  let mex = 0;
  while (seen & (1 << mex)) mex++;
  return mex;
}

let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  let x = 0;
  for (let i = 0; i < n; i += 2) x ^= sg(data[p++], data[p++]);
  out.push(x ? 'YES' : 'NO');
}
console.log(out.join('\n'));
