// Mixes the game up with Bash's game: "the second player wins when the total number of stones is a
// multiple of k + 1".
import * as fs from 'fs';
const v = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = v[p++];
const res: string[] = [];
for (let c = 0; c < t; c++) {
  const n = v[p++];
  const k = v[p++];
  let sum = 0;
  for (let i = 0; i < n; i++) sum += v[p++];
  res.push(sum % (k + 1) === 0 ? 'Second' : 'First');
}
console.log(res.join('\n'));
