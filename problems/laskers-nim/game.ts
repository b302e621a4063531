import { defineGame } from '../../server/lab/game';

// One pile of n: a move takes any positive amount (leaving m < n, the empty pile being no game at
// all) or splits the pile into two non-empty piles a and n − a, a sum of two games. Splitting at a
// and at n − a gives the same two piles, so only a ≤ n / 2 is listed.
export default defineGame({
  about: 'one pile of n',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 64,
  options: ([n]) => {
    const out: number[][] = [];
    for (let m = 0; m < n!; m++) out.push(m === 0 ? [] : [m]);
    for (let a = 1; 2 * a <= n!; a++) out.push([a, n! - a]);
    return out;
  },
  reading: 'Alice (the first player) wins when the XOR over the piles is not 0',
});
