// On an odd board the learner believes only the corners lose, like (1, 1, 1) in the sample. But
// there every start with an odd r + g + b loses, corner or not.
import { readFileSync } from 'fs';
const tokens = readFileSync('/dev/stdin', 'utf8').trim().split(/\s+/).map(Number);
let p = 0;
const t = tokens[p++];
let out = '';
for (let i = 0; i < t; i++) {
  const n = tokens[p++];
  const cells = [tokens[p++], tokens[p++], tokens[p++]];
  const corner = cells.every((c) => c === 1 || c === n);
  out += (n % 2 === 1 && corner ? 'Bob' : 'Alice') + '\n';
}
process.stdout.write(out);
