import { defineGame } from '../../server/lab/game';

// Two piles (a, b): take any number from one pile, or the same number from both. The value table
// shows the cold pairs (value 0) on two lines of slopes φ and 1/φ.
export default defineGame({
  about: 'the pair of piles (a, b)',
  params: [
    { name: 'a', min: 0 },
    { name: 'b', min: 0 },
  ],
  defaultTo: 30,
  options: ([a, b]) => {
    const out: number[][] = [];
    for (let t = 1; t <= a!; t++) out.push([a! - t, b!]);
    for (let t = 1; t <= b!; t++) out.push([a!, b! - t]);
    for (let t = 1; t <= Math.min(a!, b!); t++) out.push([a! - t, b! - t]);
    return out;
  },
  reading: 'the first player wins when the value is not 0',
});
