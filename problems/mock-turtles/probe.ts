import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// A single head, two or three heads always win (their values are odious numbers), so a state is the
// arrangement of heads at 0, 1, x and y (a position written twice is one head); at most 1000
// arrangements a file. "Yes" says the first player loses.
export default defineProbe({
  about: { en: 'heads at 0, 1, x and y', zh: '正面朝上的硬币在 0、1、x、y' },
  params: ['x', 'y'],
  from: [0, 0],
  to: [39, 39],
  labStates: ([x, y]) => [...new Set([0, 1, x!, y!])].map((h) => [h]),
  perRun: 1000,
  input: (states) => states.map(([x, y]) => `4\n0 1 ${x} ${y}\n`).join(''),
  read: linePerCase({ No: 'W', Yes: 'L' }),
});
