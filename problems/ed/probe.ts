import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One pair of piles (x, y) is a case of N = 2 piles; a file holds at most T = 20 cases.
export default defineProbe({
  about: { en: 'one pair of piles (x, y)', zh: '一对石子堆 (x, y)' },
  params: ['x', 'y'],
  from: [1, 1],
  to: [40, 40],
  perRun: 20,
  input: (states) => `${states.length}\n${states.map(([x, y]) => `2\n${x} ${y}\n`).join('')}`,
  read: linePerCase({ YES: 'W', NO: 'L' }),
});
