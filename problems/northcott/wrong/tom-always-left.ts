// The learner takes the pictures at their word: Tom's piece is on the left, so the gap is J − T − 1.
// When Tom's piece is on the right that "gap" is negative, and the XOR goes wrong.
import * as fs from 'fs';
const a = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const out: string[] = [];
while (p < a.length) {
  const n = a[p++];
  p++;
  let x = 0;
  for (let i = 0; i < n; i++) {
    const t = a[p++];
    const j = a[p++];
    x ^= j - t - 1;
  }
  out.push(x ? 'I WIN!' : 'BAD LUCK!');
}
console.log(out.join('\n'));
