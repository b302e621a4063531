import { defineProbe, outputLines } from '../../server/mistakes/probe';

// An empty board of n cells is one run of n safe cells (3 <= n <= 200; T <= 99 boards a file). Each
// board is answered by two lines: WINNING and the winning cells, or LOSING and an empty line.
export default defineProbe({
  about: { en: 'an empty board of n cells', zh: 'n 格的空棋盘' },
  params: ['n'],
  from: [3],
  to: [200],
  perRun: 99,
  input: (states) => `${states.length}\n${states.map(([n]) => `${'.'.repeat(n!)}\n`).join('')}`,
  read: (output, count) => {
    const lines = outputLines(output);
    return Array.from({ length: count }, (_, i) => {
      const word = lines[2 * i];
      const cells = lines[2 * i + 1];
      if (word === 'WINNING' && cells !== undefined && /^\d+( \d+)*$/.test(cells)) return 'W';
      if (word === 'LOSING' && (cells === '' || (cells === undefined && i === count - 1))) return 'L';
      return null;
    });
  },
});
