// XOR is right, but a pile of 0 stones ends the reading of the line early: the learner used
// `|| ` to default missing values and treats 0 as the end of the list.
import * as fs from 'fs';
const lines = fs.readFileSync(0, 'utf8').split('\n');
let li = 0;
const t = Number(lines[li++]);
const out: string[] = [];
for (let c = 0; c < t; c++) {
  li++;
  const piles = lines[li++].split(' ').map(Number);
  let x = 0;
  for (const v of piles) {
    if (!v) break;
    x ^= v;
  }
  out.push(x !== 0 ? 'Yes' : 'No');
}
console.log(out.join('\n'));
