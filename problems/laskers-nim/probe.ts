import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One pile always wins (take it all) and two lose exactly when equal, as in plain Nim; so a state is
// the game of three piles x, y and 3. T <= 100 games a file.
export default defineProbe({
  about: { en: 'a game of three piles: x, y and 3', zh: '三堆石子 x、y、3 的一局' },
  params: ['x', 'y'],
  from: [1, 1],
  to: [40, 40],
  labStates: ([x, y]) => [[x!], [y!], [3]],
  perRun: 100,
  input: (states) => `${states.length}\n${states.map(([x, y]) => `3\n${x} ${y} 3\n`).join('')}`,
  read: linePerCase({ Alice: 'W', Bob: 'L' }),
});
