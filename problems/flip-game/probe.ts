import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One run of n '+' per case (n = 0 is the string "-": no run); a string has 1 to 60 characters.
export default defineProbe({
  about: { en: 'one run of n "+"', zh: '连续 n 个 "+"' },
  params: ['n'],
  from: [0],
  to: [60],
  perRun: 100,
  input: (states) => `${states.length}\n${states.map(([n]) => `${n === 0 ? '-' : '+'.repeat(n!)}\n`).join('')}`,
  read: linePerCase({ true: 'W', false: 'L' }),
});
