import { defineGame } from '../../server/lab/game';

// One pile of n: a move takes any positive amount (leaving m < n, the empty pile being no game at
// all) or splits the pile into three non-empty piles a ≤ b ≤ c, a sum of three games (the order of
// the three does not matter, so each split is listed once).
export default defineGame({
  about: 'one pile of n',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 64,
  options: ([n]) => {
    const out: number[][] = [];
    for (let m = 0; m < n!; m++) out.push(m === 0 ? [] : [m]);
    for (let a = 1; 3 * a <= n!; a++) for (let b = a; a + 2 * b <= n!; b++) out.push([a, b, n! - a - b]);
    return out;
  },
  reading: 'the first player wins when the XOR over the piles is not 0',
});
