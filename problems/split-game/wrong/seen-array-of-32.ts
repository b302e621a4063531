// stress: size medium first reveals this mistake (random small inputs never reach it: it needs 19 bottles or more).
// Right, except that the mex is taken over marks in an array of 32: values 32 and more are dropped.
// The bottle 17 places from the last is worth 32 (the array, full, stops there right), but the next
// ones are worth 35, 37 and 38, and the array gives 32 for each of them.
import * as fs from 'fs';

function grundyByBottle(n: number): number[] {
  const sg = new Array<number>(n).fill(0);
  for (let i = n - 2; i >= 0; i--) {
    const seen = new Uint8Array(32);
    for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen[sg[j]! ^ sg[k]!] = 1;
    let m = 0;
    while (seen[m]) m++;
    sg[i] = m;
  }
  return sg;
}

const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++]!;
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++]!;
  const beans = data.slice(p, p + n);
  p += n;
  const sg = grundyByBottle(n);
  let total = 0;
  for (let i = 0; i < n; i++) if (beans[i]! % 2 === 1) total ^= sg[i]!;
  let first = '-1 -1 -1';
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (beans[i]! === 0) continue;
    for (let j = i + 1; j < n; j++) {
      for (let k = j; k < n; k++) {
        if ((total ^ sg[i]! ^ sg[j]! ^ sg[k]!) !== 0) continue;
        if (count === 0) first = `${i} ${j} ${k}`;
        count++;
      }
    }
  }
  out.push(first, String(count));
}
console.log(out.join('\n'));
