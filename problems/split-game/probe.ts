import { defineProbe, outputLines } from '../../server/mistakes/probe';

// One bean d bottles before the last: d + 1 bottles, the bean in bottle 0, and from d = 1 on two
// beans in bottle 1, which cancel (a program that counts beans instead of their parity shows). Each case answers with
// two lines, the first "-1 -1 -1" when every first move loses; a file holds at most 10 cases.
export default defineProbe({
  about: { en: 'one bean d bottles before the last', zh: '离最后一个瓶子 d 个瓶子的一颗豆子' },
  params: ['d'],
  from: [0],
  to: [20],
  perRun: 10,
  input: (states) => `${states.length}\n${states.map(([d]) => `${d! + 1}\n${['1', ...Array<string>(d!).fill('0')].map((v, i) => (i === 1 ? '2' : v)).join(' ')}\n`).join('')}`,
  read: (output, count) => {
    const lines = outputLines(output);
    return Array.from({ length: count }, (_, i) => {
      const move = lines[2 * i];
      if (move === undefined || !/^-?\d+$/.test(lines[2 * i + 1] ?? '')) return null;
      if (move === '-1 -1 -1') return 'L';
      return /^\d+ \d+ \d+$/.test(move) ? 'W' : null;
    });
  },
});
