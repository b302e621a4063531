// Correct, by the definition of a winning position: the first player wins when some move leads to
// a position whose XOR is 0. The learner tries every move (every pile, every smaller size) and
// recomputes the XOR of the whole new position for each: O(n^2 * a) on a losing position, where
// no move works and every one is tried.
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
  for (let i = 0; i < n && !win; i++) {
    const old = a[i];
    for (let v = 0; v < old && !win; v++) {
      a[i] = v;
      let x = 0;
      for (let j = 0; j < n; j++) x ^= a[j];
      if (x === 0) win = true;
    }
    a[i] = old;
  }
  out.push(win ? 'Yes' : 'No');
}
console.log(out.join('\n'));
