// The learner's guess: each move uses up one "++", so the first player wins when the number of
// available flips is odd. But one flip can destroy two or three flips at once.
import * as fs from 'fs';
const lines = fs.readFileSync(0, 'utf8').split('\n');
const t = parseInt(lines[0]);
const out: string[] = [];
for (let i = 1; i <= t; i++) {
  const s = lines[i].trim();
  let moves = 0;
  for (let j = 0; j + 1 < s.length; j++) if (s[j] === '+' && s[j + 1] === '+') moves++;
  out.push(moves % 2 === 1 ? 'true' : 'false');
}
console.log(out.join('\n'));
