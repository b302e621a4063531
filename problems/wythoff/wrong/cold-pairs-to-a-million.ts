// stress: size medium first reveals this mistake (random small inputs never reach it).
// The learner avoids the golden ratio: cold pairs are built by the rule "a_k is the smallest number
// not used yet, b_k = a_k + k", but only while a_k ≤ 10^6 (the table must fit in memory); any
// larger pair is declared a first-player win.
import { readFileSync } from 'fs';
const LIMIT = 1_000_000;
const partner = new Int32Array(LIMIT + 1).fill(-1);
const used = new Uint8Array(3 * LIMIT);
let k = 0;
for (let a = 0; a <= LIMIT; a++) {
  if (used[a]) continue;
  const b = a + k;
  used[a] = 1;
  used[b] = 1;
  partner[a] = b;
  k++;
}
const v = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const res: number[] = [];
for (let i = 0; i + 1 < v.length; i += 2) {
  const a = Math.min(v[i], v[i + 1]);
  const b = Math.max(v[i], v[i + 1]);
  res.push(a <= LIMIT && partner[a] === b ? 0 : 1);
}
console.log(res.join('\n'));
