// Correct values, but the table is rebuilt up to h for every heap of every position: about
// h·|S| steps per heap, 10^6 on a large heap, times 10^4 heaps per set.
import { readFileSync } from 'fs';
const data = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
function grundy(h: number, S: number[]): number {
  const sg = new Array<number>(h + 1).fill(0);
  for (let n = 1; n <= h; n++) {
    const seen = new Set<number>();
    for (const s of S) if (s <= n) seen.add(sg[n - s]);
    let g = 0;
    while (seen.has(g)) g++;
    sg[n] = g;
  }
  return sg[h];
}
for (;;) {
  const k = data[p++];
  if (k === 0 || k === undefined) break;
  const S = data.slice(p, p + k);
  p += k;
  const m = data[p++];
  let line = '';
  for (let i = 0; i < m; i++) {
    const l = data[p++];
    let x = 0;
    for (let j = 0; j < l; j++) x ^= grundy(data[p++], S);
    line += x ? 'W' : 'L';
  }
  out.push(line);
}
console.log(out.join('\n'));
