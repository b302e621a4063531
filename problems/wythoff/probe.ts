import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One pair of piles (a, b) per line until the end of the input; 1 when the first player wins.
export default defineProbe({
  about: { en: 'the pair of piles (a, b)', zh: '两堆石子 (a, b)' },
  params: ['a', 'b'],
  from: [0, 0],
  to: [39, 39],
  perRun: 10_000,
  input: (states) => states.map(([a, b]) => `${a} ${b}\n`).join(''),
  read: linePerCase({ '1': 'W', '0': 'L' }),
});
