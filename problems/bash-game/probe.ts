import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One game (n, m) per case, m = 3 for the whole grid: C <= 100 games a file.
export default defineProbe({
  about: { en: 'a heap of n stones, m = 3', zh: 'n 个石子、m = 3 的一堆' },
  settings: { m: 3 },
  params: ['n'],
  from: [1],
  to: [1000],
  perRun: 100,
  input: (states) => `${states.length}\n${states.map(([n]) => `${n} 3\n`).join('')}`,
  read: linePerCase({ first: 'W', second: 'L' }),
});
