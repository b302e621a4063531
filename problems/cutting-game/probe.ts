import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One sheet w × h per line, until the end of the input (at most 10,000 lines).
export default defineProbe({
  about: { en: 'one sheet w × h', zh: '一张 w × h 的纸' },
  params: ['w', 'h'],
  from: [2, 2],
  to: [41, 41],
  perRun: 10_000,
  input: (states) => states.map(([w, h]) => `${w} ${h}\n`).join(''),
  read: linePerCase({ WIN: 'W', LOSE: 'L' }),
});
