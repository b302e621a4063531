// The learner reasons that both players race along the diagonal until the shorter side runs out,
// so only min(n, m) matters: kiki loses when min(n, m) is odd. Wrong for e.g. 3 x 4.
import { readFileSync } from 'fs';
const data = readFileSync('/dev/stdin', 'utf8').split(/\s+/).filter(Boolean).map(Number);
const out: string[] = [];
for (let p = 0; p + 1 < data.length; p += 2) {
  const n = data[p];
  const m = data[p + 1];
  if (n === 0 && m === 0) break;
  out.push(Math.min(n, m) % 2 === 1 ? 'What a pity!' : 'Wonderful!');
}
console.log(out.join('\n'));
