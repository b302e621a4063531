import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One game of n stones per line, closed by "0"; the game of n is the lab's state (n, n − 1): the
// first player may not take the whole pile.
export default defineProbe({
  about: { en: 'a pile of n stones', zh: 'n 个石子的一堆' },
  params: ['n'],
  from: [2],
  to: [200],
  labStates: ([n]) => [[n!, n! - 1]],
  perRun: 10_000,
  input: (states) => `${states.map(([n]) => `${n}\n`).join('')}0\n`,
  read: linePerCase({ 'First win': 'W', 'Second win': 'L' }),
});
