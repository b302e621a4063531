import { defineGame } from '../../server/lab/game';

// One pair of piles (x, y): remove one pile and split the other into two positive piles, which
// become the new pair. The whole position is the XOR over its pairs.
export default defineGame({
  about: 'one pair of piles (x, y)',
  params: [
    { name: 'x', min: 1 },
    { name: 'y', min: 1 },
  ],
  defaultTo: 16,
  options: ([x, y]) => {
    const out: number[][][] = [];
    for (const whole of [x!, y!]) for (let a = 1; a < whole; a++) out.push([[a, whole - a]]);
    return out;
  },
  reading: 'the first player wins when the XOR of the pairs’ values is not 0',
});
