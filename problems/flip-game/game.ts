import { defineGame } from '../../server/lab/game';

// A run of n '+': flipping two adjacent ones leaves runs of i and n − 2 − i (Dawson's Kayles,
// octal 0.07). A string is the sum of its runs.
export default defineGame({
  about: 'one run of n consecutive "+"',
  params: [{ name: 'n', min: 0 }],
  defaultTo: 200,
  bound: () => 2,
  options: ([n]) => {
    const out: number[][] = [];
    for (let i = 0; 2 * i <= n! - 2; i++) out.push([i, n! - 2 - i]);
    return out;
  },
  reading: 'true when the XOR over the runs is not 0',
});
