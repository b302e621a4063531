import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One row of n monsters for k = 3 per case ("k n"); a file holds up to 10,000 cases.
export default defineProbe({
  about: { en: 'a row of n monsters, k = 3', zh: 'n 个怪兽排成一行，k = 3' },
  settings: { k: 3 },
  params: ['n'],
  from: [0],
  to: [1000],
  perRun: 10_000,
  input: (states) => `${states.length}\n${states.map(([n]) => `3 ${n}\n`).join('')}`,
  read: linePerCase({ Alice: 'W', Bob: 'L' }),
});
