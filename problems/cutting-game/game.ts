import { defineGame } from '../../server/lab/game';

// Whoever cuts out a 1 × 1 sheet wins, so nobody leaves a 1 × k sheet (the opponent would cut the
// 1 × 1 from it): the game becomes "cut a sheet into two, never leaving a side of 1; who cannot cut
// loses", a sum of sheets. A cut of (w, h) at i leaves (i, h) + (w − i, h) with 2 ≤ i ≤ w − 2.
export default defineGame({
  about: 'one sheet w × h',
  params: [
    { name: 'w', min: 2 },
    { name: 'h', min: 2 },
  ],
  defaultTo: 24,
  options: ([w, h]) => {
    const out: number[][][] = [];
    for (let i = 2; i <= w! - 2; i++) out.push([[i, h!], [w! - i, h!]]);
    for (let j = 2; j <= h! - 2; j++) out.push([[w!, j], [w!, h! - j]]);
    return out;
  },
  reading: 'WIN when the value is not 0',
});
