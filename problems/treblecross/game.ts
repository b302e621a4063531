import { defineGame } from '../../server/lab/game';

// Once no move completes three X's, nobody plays within distance 2 of an X (the opponent would
// complete three at once), so the board is a sum of runs of safe cells. An X at cell j of a run of
// n safe cells makes j − 2 .. j + 2 unsafe and leaves runs of max(0, j − 2) and max(0, n − j − 3).
export default defineGame({
  about: 'one run of n safe cells (farther than 2 from every X)',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 120,
  options: ([n]) => {
    const out: number[][] = [];
    for (let j = 0; 2 * j < n!; j++) out.push([Math.max(0, j - 2), Math.max(0, n! - j - 3)]);
    return out;
  },
  reading: 'WINNING when the XOR over the safe runs is not 0 (and no move completes three at once)',
});
