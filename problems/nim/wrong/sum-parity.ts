// A learner's guess: the first player wins when the total number of stones is odd.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  let sum = 0;
  for (let i = 0; i < n; i++) sum += data[p++];
  out.push(sum % 2 === 1 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
