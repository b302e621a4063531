import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One file: the boards `[n, m]`, one per line; `format` appends the closing `0 0`. */
type Input = { boards: [number, number][] };
type Board = [number, number];

const MAX_LINES = 10_000;
const MAX_V = 2000;

/** Per size: boards per file, largest n and m. */
const SHAPE: SizeTable<{ lines: number; v: number }> = {
  tiny: { lines: 4, v: 6 },
  small: { lines: 8, v: 30 },
  medium: { lines: 1000, v: MAX_V },
  max: { lines: MAX_LINES, v: MAX_V },
};

function board(size: Size): fc.Arbitrary<Board> {
  const { v } = SHAPE[size];
  const side = fc.integer({ min: 1, max: v });
  const odd = fc.integer({ min: 0, max: Math.floor((v - 1) / 2) }).map((x) => 2 * x + 1);
  const even = fc.integer({ min: 1, max: Math.floor(v / 2) }).map((x) => 2 * x);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(side, side) },
    // Each parity combination on its own: only odd x odd loses, and a rule that looks at one side
    // or at min(n, m) is wrong on one of the mixed ones.
    { weight: 2, arbitrary: fc.tuple(odd, odd) },
    { weight: 1, arbitrary: fc.tuple(even, odd) },
    { weight: 1, arbitrary: fc.tuple(odd, even) },
    { weight: 1, arbitrary: fc.tuple(even, even) },
    // A single row or column, and square boards.
    { weight: 1, arbitrary: side.chain((x) => fc.constantFrom<Board>([1, x], [x, 1])) },
    { weight: 1, arbitrary: side.map((x): Board => [x, x]) },
  );
}

export default definePackage<Input>({
  slug: 'kiki',
  title: { en: "kiki's game", zh: 'kiki 的游戏' },
  source: "HDU 2147 kiki's game",
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].lines, board(size)).map((boards) => ({ boards })),
  format: ({ boards }) => `${boards.map(([n, m]) => `${n} ${m}\n`).join('')}0 0\n`,
  validate: validator((r) => {
    for (let count = 0; ; count++) {
      const n = r.int(0, MAX_V, 'n');
      r.space();
      const m = r.int(0, MAX_V, 'm');
      if (n === 0 && m === 0) {
        if (count === 0) r.fail('expected at least one board before the closing "0 0"');
        r.eoln();
        return;
      }
      if (n === 0 || m === 0) r.fail(`n and m must be in [1, ${MAX_V}] (only the closing line is "0 0"), got ${n} ${m}`);
      if (count === MAX_LINES) r.fail(`more than ${MAX_LINES} boards before the closing "0 0"`);
      r.eoln();
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // 1 x 1: kiki cannot move.
    { boards: [[1, 1]] },
    // Every board up to 6 x 6.
    { boards: Array.from({ length: 36 }, (_, i): Board => [1 + Math.floor(i / 6), 1 + (i % 6)]) },
    // The bounds.
    { boards: [[MAX_V, MAX_V], [MAX_V - 1, MAX_V - 1], [1, MAX_V], [MAX_V, 1], [1, MAX_V - 1], [MAX_V - 1, 1], [MAX_V - 1, MAX_V], [MAX_V, MAX_V - 1], [2, MAX_V - 1], [MAX_V - 1, 2]] },
    // Maximal files: all losing boards; every parity combination in turn; single rows and columns.
    { boards: Array.from({ length: MAX_LINES }, (_, i): Board => [MAX_V - 1 - 2 * (i % 1000), 1 + 2 * ((i * 7) % 1000)]) },
    { boards: Array.from({ length: MAX_LINES }, (_, i): Board => [1 + (i % MAX_V), MAX_V - ((i * 3) % MAX_V)]) },
    { boards: Array.from({ length: MAX_LINES }, (_, i): Board => (i % 2 ? [1, 1 + (i % MAX_V)] : [1 + (i % MAX_V), 1])) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '5 3\n', why: 'no closing 0 0' },
    { input: '0 0\n', why: 'no board at all' },
    { input: '5 3\n0 0\n6 6\n', why: 'data after the closing 0 0' },
    { input: '0 3\n0 0\n', why: 'n = 0 on a board line' },
    { input: '5 0\n0 0\n', why: 'm = 0 on a board line' },
    { input: '2001 3\n0 0\n', why: 'n above 2000' },
    { input: '5 2001\n0 0\n', why: 'm above 2000' },
    { input: '5\n3\n0 0\n', why: 'n and m on separate lines' },
    { input: '5 3 1\n0 0\n', why: 'three numbers on a line' },
    { input: '-5 3\n0 0\n', why: 'negative n' },
    { input: '1 1\n'.repeat(MAX_LINES + 1) + '0 0\n', why: 'more than 10^4 boards' },
  ],
});
