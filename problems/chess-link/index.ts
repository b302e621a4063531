import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One game is `[n, r, g, b]`. */
type Game = [number, number, number, number];
type Input = { cases: Game[] };

const MAX_T = 100_000;
const MAX_N = 100_000;

/** Per size: games per file, largest n. */
const SHAPE: SizeTable<{ t: number; n: number }> = {
  tiny: { t: 4, n: 3 },
  small: { t: 8, n: 7 },
  medium: { t: 1000, n: 1000 },
  max: { t: MAX_T, n: MAX_N },
};

/** Cell in 1..n from any natural number (shrinks towards cell 1). */
const cell = (n: number, x: number) => 1 + (x % n);

/** Corners and the cells next to them: offsets 0, 1 from the left end, -1, -2 from the right. */
const nearEdge = (n: number, x: number) => {
  const d = [0, 1, -1, -2][x % 4]!;
  return Math.min(n, Math.max(1, d >= 0 ? 1 + d : n + 1 + d));
};

/**
 * One flat tuple per game (a 10^5-game file is generated quickly), mapped by `kind` onto the shapes:
 * any start; an odd board with a start of a chosen colour (odd n is where the start matters);
 * starts at or next to corners, where hand-made rules tend to go wrong; the largest boards.
 * Everything shrinks towards kind 0, n = 1, cell 1.
 */
function game(size: Size): fc.Arbitrary<Game> {
  const maxN = SHAPE[size].n;
  const x = fc.nat({ max: maxN - 1 });
  return fc.tuple(fc.nat({ max: 10 }), fc.integer({ min: 1, max: maxN }), x, x, x).map(([kind, n, r, g, b]): Game => {
    if (kind <= 3) return [n, cell(n, r), cell(n, g), cell(n, b)];
    if (kind <= 7) {
      const odd = n % 2 === 1 ? n : n - 1;
      const start: Game = [odd, cell(odd, r), cell(odd, g), cell(odd, b)];
      const wantSum = kind % 2; // parity of r + g + b
      if (odd > 1 && (start[1] + start[2] + start[3]) % 2 !== wantSum) start[3] += start[3] > 1 ? -1 : 1;
      return start;
    }
    if (kind <= 9) return [n, nearEdge(n, r), nearEdge(n, g), nearEdge(n, b)];
    const largest = maxN - (n % 2);
    return [largest, cell(largest, r), cell(largest, g), cell(largest, b)];
  });
}

/** A deterministic spread of cells for the hand-made maximal files. */
const spread = (n: number, i: number, salt: number) => 1 + ((i * 2_654_435_761 + salt * 40_503) % n);

export default definePackage<Input>({
  slug: 'chess-link',
  title: { en: 'Link with Chess Game', zh: 'Link with Chess Game（三色棋子）' },
  source: '2023 Nowcoder Multi-University Training Contest (2023 牛客暑期多校训练营), "Link with Chess Game"',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, game(size))
      .map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (c) => `${c.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(1, MAX_N, 'n');
    for (const name of ['r', 'g', 'b']) {
      r.space();
      r.int(1, n, name);
    }
    r.eoln();
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => {
    const everyStart = (n: number): Game[] => {
      const games: Game[] = [];
      for (let r = 1; r <= n; r++) for (let g = 1; g <= n; g++) for (let b = 1; b <= n; b++) games.push([n, r, g, b]);
      return games;
    };
    const corners = (n: number): Game[] =>
      [1, n].flatMap((r) => [1, n].flatMap((g) => [1, n].map((b): Game => [n, r, g, b])));
    const mid = (n: number) => Math.ceil(n / 2);
    return [
      // n = 1: no piece can move; Alice loses at once.
      { cases: [[1, 1, 1, 1]] },
      { cases: everyStart(2) },
      { cases: everyStart(3) },
      { cases: [1, 2, 3, 4, 5, 6, 7].flatMap(everyStart) },
      // The largest boards: corners, centre and its neighbours, for both parities of n.
      {
        cases: [MAX_N, MAX_N - 1].flatMap((n): Game[] => [
          ...corners(n),
          [n, mid(n), mid(n), mid(n)],
          [n, mid(n), mid(n), mid(n) + 1],
          [n, 1, 2, 2],
          [n, n, n - 1, n - 1],
        ]),
      },
      // Maximal files: every odd n with a corner start and the start next to it; random starts.
      {
        cases: Array.from({ length: MAX_T }, (_, i): Game => {
          const n = (i >> 1) * 2 + 1 <= MAX_N ? (i >> 1) * 2 + 1 : MAX_N;
          return i % 2 === 0 ? [n, 1, 1, 1] : [n, 1, 1, Math.min(2, n)];
        }),
      },
      { cases: Array.from({ length: MAX_T }, (_, i): Game => [MAX_N - 1, spread(MAX_N - 1, i, 1), spread(MAX_N - 1, i, 2), spread(MAX_N - 1, i, 3)]) },
      {
        cases: Array.from({ length: MAX_T }, (_, i): Game => {
          const n = i % 3 === 0 ? MAX_N : MAX_N - 1 - 2 * (i % 50);
          return [n, spread(n, i, 4), spread(n, i, 5), spread(n, i, 6)];
        }),
      },
    ];
  },
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '2\n2 1 1 1\n', why: 'fewer games than T' },
    { input: '1\n2 1 1 1\n3 1 1 1\n', why: 'more games than T' },
    { input: '1\n2 1 1\n', why: 'a piece missing' },
    { input: '1\n3 4 1 1\n', why: 'r beyond the board (r > n)' },
    { input: '1\n3 1 1 0\n', why: 'b = 0' },
    { input: '1\n100001 1 1 1\n', why: 'n above 10^5' },
    { input: '100001\n' + '1 1 1 1\n'.repeat(100_001), why: 'T above 10^5' },
    { input: '0\n', why: 'T = 0' },
  ],
});
