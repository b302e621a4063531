import { defineGame } from '../../server/lab/game';

// A pile of n stones of which the player to move may take at most m. Taking t leaves n − t stones
// and a cap of 2t; a cap of n or more is the same as n, so the cap is kept at most the pile (and at
// least 1, for the empty pile). The problem's game starts at (n, n − 1).
export default defineGame({
  about: 'n stones left, at most m to take now',
  params: [
    { name: 'n', min: 0 },
    { name: 'm', min: 1 },
  ],
  defaultTo: 34,
  options: ([n, m]) => {
    const out: number[][] = [];
    for (let t = 1; t <= Math.min(n!, m!); t++) out.push([n! - t, Math.max(1, Math.min(2 * t, n! - t))]);
    return out;
  },
  reading: 'the first player of n stones wins when the value of (n, n − 1) is not 0',
});
