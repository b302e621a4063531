import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One alternating run with #R = #B has an even length and always wins, so a state is the row of two
// alternating runs of even lengths a and b, RBRB… then BRBR… (the two B's meet, ending the first).
export default defineProbe({
  about: { en: 'the row RB…RB BR…BR of two alternating runs of a and b cells', zh: '两段交替段（长 a 与 b）组成的一行 RB…RB BR…BR' },
  params: ['a', 'b'],
  from: [2, 2],
  to: [80, 80],
  step: 2,
  labStates: ([a, b]) => [[a!], [b!]],
  perRun: 10_000,
  input: (states) => `${states.length}\n${states.map(([a, b]) => `${a! + b!}\n${'RB'.repeat(a! / 2)}${'BR'.repeat(b! / 2)}\n`).join('')}`,
  read: linePerCase({ Alice: 'W', Bob: 'L' }),
});
