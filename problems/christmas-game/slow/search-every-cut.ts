// Correct, and needs no theory: the value of each drawing by trying every cut, recursively, with
// no memo (the position is the set of edges still attached). Exponential: drawings of 20 edges are
// already far too many cuts.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
function attached(m: number, es: number[][], alive: boolean[]): boolean[] {
  const seen = new Array(m + 1).fill(false);
  seen[1] = true;
  const keep = new Array(es.length).fill(false);
  let changed = true;
  while (changed) {
    changed = false;
    for (let e = 0; e < es.length; e++) {
      if (!alive[e] || keep[e]) continue;
      if (seen[es[e][0]] || seen[es[e][1]]) {
        keep[e] = true;
        seen[es[e][0]] = seen[es[e][1]] = true;
        changed = true;
      }
    }
  }
  return keep;
}
function value(m: number, es: number[][], alive: boolean[]): number {
  const seen = new Set<number>();
  for (let e = 0; e < es.length; e++) {
    if (!alive[e]) continue;
    const cut = alive.slice();
    cut[e] = false;
    seen.add(value(m, es, attached(m, es, cut)));
  }
  let v = 0;
  while (seen.has(v)) v++;
  return v;
}
let p = 0;
const out: string[] = [];
while (p < a.length) {
  const n = a[p++];
  let x = 0;
  for (let t = 0; t < n; t++) {
    const m = a[p++];
    const k = a[p++];
    const es: number[][] = [];
    for (let e = 0; e < k; e++) es.push([a[p++], a[p++]]);
    x ^= value(m, es, new Array(k).fill(true));
  }
  out.push(x ? 'Sally' : 'Harry');
}
console.log(out.join('\n'));
