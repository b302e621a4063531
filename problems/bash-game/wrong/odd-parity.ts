// A learner's guess from the samples: the first player wins when n is odd (23 yes, 4 no).
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const c = data[0];
const out: string[] = [];
for (let i = 0; i < c; i++) {
  const n = data[1 + 2 * i];
  out.push(n % 2 === 1 ? 'first' : 'second');
}
console.log(out.join('\n'));
