import { defineGame } from '../../server/lab/game';

// Whoever cuts out a 1 × 1 sheet wins, so nobody leaves a 1 × k sheet (the opponent would cut the
// 1 × 1 from it): the game becomes "cut a sheet into two, never leaving a side of 1; who cannot cut
// loses", a sum of sheets. A cut of (w, h) at i leaves (i, h) + (w − i, h) with 2 ≤ i ≤ w − 2; the cut
// at w − i leaves the same two sheets, so only i ≤ w / 2 is listed. Options are written flat,
// [w1, h1, w2, h2], which spares an array per sheet (a 200 × 200 table has 4 million options).
export default defineGame({
  about: 'one sheet w × h',
  params: [
    { name: 'w', min: 2 },
    { name: 'h', min: 2 },
  ],
  defaultTo: 24,
  options: ([w, h]) => {
    const out: number[][] = [];
    for (let i = 2; 2 * i <= w!; i++) out.push([i, h!, w! - i, h!]);
    for (let j = 2; 2 * j <= h!; j++) out.push([w!, j, w!, h! - j]);
    return out;
  },
  reading: 'WIN when the value is not 0',
});
