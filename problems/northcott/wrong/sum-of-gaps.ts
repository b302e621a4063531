// The learner counts the total number of moves as if each took one cell: the sum of the gaps, and
// Tom wins when it is odd.
import { readFileSync } from 'fs';
const v = readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const res: string[] = [];
for (let p = 0; p < v.length; ) {
  const n = v[p];
  p += 2;
  let sum = 0;
  for (let i = 0; i < n; i++, p += 2) sum += Math.abs(v[p] - v[p + 1]) - 1;
  res.push(sum % 2 === 1 ? 'I WIN!' : 'BAD LUCK!');
}
console.log(res.join('\n'));
