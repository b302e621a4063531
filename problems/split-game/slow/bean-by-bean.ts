// Correct: keeps every bean as its own game (one entry per bean in a list), and for each possible
// first move builds the position after it and XORs the Grundy values of all its beans. With up to
// 2 * 10^5 beans and ~1800 candidate moves per case this is ~10^9 steps per case.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const a = data.slice(p, p + n);
  p += n;
  const sg: number[] = new Array(n).fill(0);
  for (let i = n - 2; i >= 0; i--) {
    const seen = new Set<number>();
    for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen.add(sg[j] ^ sg[k]);
    while (seen.has(sg[i])) sg[i]++;
  }
  const beans: number[] = [];
  for (let i = 0; i < n; i++) for (let b = 0; b < a[i]; b++) beans.push(i);
  let first = '-1 -1 -1';
  let count = 0;
  for (let i = 0; i < n; i++) {
    const at = beans.indexOf(i);
    if (at < 0) continue;
    for (let j = i + 1; j < n; j++) {
      for (let k = j; k < n; k++) {
        const next = beans.slice();
        next.splice(at, 1);
        next.push(j, k);
        let x = 0;
        for (const b of next) x ^= sg[b];
        if (x === 0) {
          if (count === 0) first = `${i} ${j} ${k}`;
          count++;
        }
      }
    }
  }
  out.push(first, String(count));
}
console.log(out.join('\n'));
