import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One board n × m per line, closed by "0 0" (at most 10,000 boards a file).
export default defineProbe({
  about: { en: 'the board n × m', zh: 'n × m 的棋盘' },
  params: ['n', 'm'],
  from: [1, 1],
  to: [40, 40],
  perRun: 10_000,
  input: (states) => `${states.map(([n, m]) => `${n} ${m}\n`).join('')}0 0\n`,
  read: linePerCase({ 'Wonderful!': 'W', 'What a pity!': 'L' }),
});
