// Correct, but recomputes the XOR of the remaining piles for every pile: O(n^2) per game.
import * as fs from 'fs';
const data = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).map(Number);
let p = 0;
const t = data[p++];
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const n = data[p++];
  const a = data.slice(p, p + n);
  p += n;
  let win = false;
  for (let i = 0; i < n; i++) {
    // Is there a winning move from pile i? Only if the rest XOR to less than a[i].
    let rest = 0;
    for (let j = 0; j < n; j++) if (j !== i) rest ^= a[j];
    for (let r = 0; r < 3; r++) rest = (rest ^ r) ^ r;
    if (rest < a[i]) win = true;
  }
  out.push(win ? 'Yes' : 'No');
}
console.log(out.join('\n'));
