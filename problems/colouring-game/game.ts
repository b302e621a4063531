import { defineGame } from '../../server/lab/game';

// When R and B are equally many, the game is decided by alternating runs (RBRB…): whitening two
// adjacent cells of a run of length n leaves runs of i and n − 2 − i (Dawson's Kayles, 0.07).
export default defineGame({
  about: 'one maximal alternating run of n cells (when #R = #B)',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 200,
  bound: () => 2,
  options: ([n]) => {
    const out: number[][] = [];
    for (let i = 0; 2 * i <= n! - 2; i++) out.push([i, n! - 2 - i]);
    return out;
  },
  reading: 'with #R = #B, Alice wins when the XOR over the alternating runs is not 0',
});
