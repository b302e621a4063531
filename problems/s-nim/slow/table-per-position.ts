// Correct values, but the table is rebuilt for every position, up to its largest heap: about
// 10^4 · |S| = 10^6 steps per position, 10^9 for ten sets of 100 positions.
import { readFileSync } from 'fs';
const data = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
for (;;) {
  const k = data[p++];
  if (k === 0 || k === undefined) break;
  const S = data.slice(p, p + k);
  p += k;
  const m = data[p++];
  let line = '';
  for (let i = 0; i < m; i++) {
    const l = data[p++];
    const heaps = data.slice(p, p + l);
    p += l;
    const top = Math.max(...heaps);
    const sg = new Array<number>(top + 1).fill(0);
    for (let n = 1; n <= top; n++) {
      const seen = new Set<number>();
      for (const s of S) if (s <= n) seen.add(sg[n - s]);
      let g = 0;
      while (seen.has(g)) g++;
      sg[n] = g;
    }
    let x = 0;
    for (const h of heaps) x ^= sg[h];
    line += x ? 'W' : 'L';
  }
  out.push(line);
}
console.log(out.join('\n'));
