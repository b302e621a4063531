import { defineGame } from '../../server/lab/game';

// The coin on an n × m board starts in the top-right corner and moves left, down or down-left:
// (n, m) goes to (n − 1, m), (n, m − 1) or (n − 1, m − 1); (1, 1) has no move.
export default defineGame({
  about: 'the board n × m (the coin in its starting corner)',
  params: [
    { name: 'n', min: 1 },
    { name: 'm', min: 1 },
  ],
  defaultTo: 16,
  options: ([n, m]) => {
    const out: number[][][] = [];
    if (n! > 1) out.push([[n! - 1, m!]]);
    if (m! > 1) out.push([[n!, m! - 1]]);
    if (n! > 1 && m! > 1) out.push([[n! - 1, m! - 1]]);
    return out;
  },
  reading: '“Wonderful!” (the first player wins) when the value is not 0',
});
