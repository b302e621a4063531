import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One file: the games, each `[n, m]` (n stones, take 1..m per move). */
type Input = { games: [number, number][] };
type Game = [number, number];

const MAX_C = 100;
const MAX_V = 1000;

/** Per size: games per file, largest n, largest m. */
const SHAPE: SizeTable<{ c: number; n: number; m: number }> = {
  tiny: { c: 4, n: 10, m: 5 },
  small: { c: 8, n: 22, m: 10 },
  medium: { c: MAX_C, n: MAX_V, m: MAX_V },
  max: { c: MAX_C, n: MAX_V, m: MAX_V },
};

function game(size: Size): fc.Arbitrary<Game> {
  const { n: maxN, m: maxM } = SHAPE[size];
  const n = fc.integer({ min: 1, max: maxN });
  const m = fc.integer({ min: 1, max: maxM });
  // n = k(m + 1) + r for a chosen remainder r: r = 0 is a loss, r = 1 is where "take 1 or m" and the
  // parity guess are most often wrong.
  const nearMultiple = (r: number) =>
    fc.tuple(m, fc.integer({ min: 1, max: maxN })).map(([mm, k]): Game => {
      const nn = Math.min(k, Math.floor((maxN - r) / (mm + 1))) * (mm + 1) + r;
      return nn >= 1 ? [nn, mm] : [mm + 1 <= maxN ? mm + 1 : 1, mm];
    });
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(n, m) },
    { weight: 3, arbitrary: nearMultiple(0) },
    { weight: 1, arbitrary: nearMultiple(1) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 2 }).chain((r) => nearMultiple(Math.max(0, r))) },
    // Small m inside big tests (m = 1 is plain parity), and n <= m (take everything).
    { weight: 1, arbitrary: fc.tuple(n, fc.integer({ min: 1, max: Math.min(maxM, 4) })) },
    { weight: 1, arbitrary: fc.tuple(n, m).map(([a, b]): Game => [Math.min(a, b), Math.max(a, b)]) },
  );
}

export default definePackage<Input>({
  slug: 'bash-game',
  title: { en: 'Brave Game', zh: 'Brave Game' },
  source: 'HDU 1846 Brave Game',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].c, game(size)).map((games) => ({ games })),
  format: ({ games }) => formatCases(games, ([n, m]) => `${n} ${m}\n`),
  validate: casesValidator(
    MAX_C,
    (r) => {
      r.int(1, MAX_V, 'n');
      r.space();
      r.int(1, MAX_V, 'm');
      r.eoln();
    },
    'C',
  ),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { games: [[1, 1]] },
    // Bounds of n and m, and the first few multiples of m + 1.
    {
      games: [
        [1, 1], [2, 1], [3, 1], [1, MAX_V], [MAX_V, 1], [MAX_V - 1, 1], [MAX_V, MAX_V], [MAX_V, MAX_V - 1],
        [MAX_V - 1, MAX_V - 2], [MAX_V - 1, MAX_V], [2, 2], [3, 2], [4, 3], [5, 3], [6, 5], [7, 5],
      ],
    },
    // Every game a loss: n a multiple of m + 1.
    { games: Array.from({ length: MAX_C }, (_, i): Game => { const m = 1 + ((i * 37) % 499); return [(m + 1) * (1 + (i % Math.floor(MAX_V / (m + 1)))), m]; }) },
    // One stone above a multiple of m + 1: win by taking exactly 1; m >= 3 so "1 or m" is no help.
    { games: Array.from({ length: MAX_C }, (_, i): Game => { const m = 3 + (i % 40); return [(m + 1) * (1 + (i % 20)) + 1, m]; }) },
    // n = 1000 against every m from 1 to 100.
    { games: Array.from({ length: MAX_C }, (_, i): Game => [MAX_V, i + 1]) },
    // n <= m: the first player takes everything.
    { games: Array.from({ length: MAX_C }, (_, i): Game => [MAX_V - 9 * i, MAX_V - 9 * i + (i % 10)]) },
    // Large n with small m: deep game trees for anyone who searches without memoisation.
    { games: Array.from({ length: MAX_C }, (_, i): Game => [MAX_V - (i >> 2), 2 + (i % 4)]) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '0\n', why: 'C = 0' },
    { input: '101\n' + '1 1\n'.repeat(101), why: 'C above 100' },
    { input: '1\n0 2\n', why: 'n = 0' },
    { input: '1\n23 0\n', why: 'm = 0' },
    { input: '1\n1001 2\n', why: 'n above 1000' },
    { input: '1\n23 1001\n', why: 'm above 1000' },
    { input: '2\n23 2\n', why: 'fewer games than C' },
    { input: '1\n23 2\n4 3\n', why: 'more games than C' },
    { input: '1\n23\n2\n', why: 'n and m on separate lines' },
    { input: '1\n2.5 2\n', why: 'not an integer' },
  ],
});
