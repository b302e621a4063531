// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner sizes the table "heaps up to 10000" as new Int32Array(10000): indexes 0..9999. A heap
// of exactly 10000 reads undefined, which XOR turns into 0, so that heap counts as lost.
import { readFileSync } from 'fs';
const tok = readFileSync(0, 'utf8').split(/\s+/).filter((t) => t.length > 0);
let p = 0;
const next = () => Number(tok[p++]);
const res: string[] = [];
for (let k = next(); k > 0; k = next()) {
  const S: number[] = [];
  for (let i = 0; i < k; i++) S.push(next());
  const sg = new Int32Array(10000);
  for (let n = 1; n < 10000; n++) {
    const seen = new Set<number>();
    for (const s of S) if (s <= n) seen.add(sg[n - s]);
    let g = 0;
    while (seen.has(g)) g++;
    sg[n] = g;
  }
  const m = next();
  let ans = '';
  for (let i = 0; i < m; i++) {
    const l = next();
    let x = 0;
    for (let j = 0; j < l; j++) x ^= sg[next()];
    ans += x === 0 ? 'L' : 'W';
  }
  res.push(ans);
}
console.log(res.join('\n'));
