import { defineGame } from '../../server/lab/game';

// A row of n monsters: kill the whole row when n ≤ k, or kill k consecutive monsters leaving rows
// of a ≥ 1 and b ≥ 1 on both sides (the octal game 0.1…15 with k − 1 ones).
export default defineGame({
  about: 'one row of n monsters, for the chosen k',
  params: [{ name: 'n', min: 0 }],
  settings: [{ name: 'k', default: 3, min: 1, max: 100, about: 'how many monsters one move kills' }],
  defaultTo: 100,
  bound: (s) => s.k!,
  options: ([n], s) => {
    const k = s.k!;
    const out: number[][] = [];
    if (n! >= 1 && n! <= k) out.push([]);
    for (let a = 1; 2 * a <= n! - k; a++) out.push([a, n! - k - a]);
    return out;
  },
  reading: 'Alice wins when the value is not 0',
});
