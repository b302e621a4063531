import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One game is `[k, n]`. */
type Input = { cases: [number, number][] };

const MAX_T = 10_000;
const MAX_K = 1_000_000_000;
const MAX_N = 1_000_000_000;

/** Per size: cases per file, largest k, largest n. */
const SHAPE: SizeTable<{ t: number; k: number; n: number }> = {
  tiny: { t: 4, k: 4, n: 10 },
  small: { t: 8, k: 6, n: 24 },
  medium: { t: 200, k: 1000, n: 1_000_000 },
  max: { t: MAX_T, k: MAX_K, n: MAX_N },
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The losing lengths for k >= 2 are k + 1 + q(4k + 2); `q` is reduced so that n stays in range. */
function nearLosing(k: number, q: number, delta: number, maxN: number): number {
  const period = 4 * k + 2;
  const room = Math.max(0, Math.floor((maxN - k - 1) / period));
  return clamp(k + 1 + (q % (room + 1)) * period + delta, 0, maxN);
}

function game(size: Size): fc.Arbitrary<[number, number]> {
  const { k: maxK, n: maxN } = SHAPE[size];
  const k = fc.integer({ min: 1, max: maxK });
  const n = fc.integer({ min: 0, max: maxN });
  // Small k matters at every size: k = 1 is the pitfall, and large n with small k is what makes a
  // walk along the losing lengths slow.
  const smallK = fc.integer({ min: 1, max: Math.min(maxK, 10) });
  const delta = fc.integer({ min: -1, max: 1 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(k, n) },
    { weight: 2, arbitrary: fc.tuple(fc.constant(1), n) },
    { weight: 1, arbitrary: fc.tuple(k, fc.constant(0)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.oneof(smallK, k), fc.nat({ max: maxN }), delta)
        .map(([kk, q, d]): [number, number] => [kk, nearLosing(kk, q, d, maxN)]),
    },
    { weight: 2, arbitrary: fc.tuple(smallK, n) },
    // The whole row fits in one move (n <= k), or just does not (n = k + 1, k + 2).
    { weight: 1, arbitrary: fc.tuple(k, n).map(([kk, nn]): [number, number] => [kk, nn % (kk + 3)]) },
  );
}

export default definePackage<Input>({
  slug: 'alice-game',
  title: { en: 'Alice Game', zh: 'Alice Game（打怪游戏）' },
  source: '2023 HDU Multi-University Training Contest 1 (2023 杭电多校第一场), "Alice Game"',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, game(size))
      .map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, ([k, n]) => `${k} ${n}\n`),
  validate: casesValidator(MAX_T, (r) => {
    r.int(1, MAX_K, 'k');
    r.space();
    r.int(0, MAX_N, 'n');
    r.eoln();
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => {
    const upTo = (k: number, last: number): [number, number][] =>
      Array.from({ length: last + 1 }, (_, n): [number, number] => [k, n]);
    // The largest losing length <= 10^9 for k, and its neighbours.
    const topLosing = (k: number): [number, number][] => {
      const n = nearLosing(k, MAX_N, 0, MAX_N);
      return [n - 1, n, n + 1].filter((v) => v <= MAX_N).map((v): [number, number] => [k, v]);
    };
    return [
      // k = 1: Bob wins on every even n, not only n = 2 (mod 6).
      { cases: upTo(1, 30) },
      { cases: upTo(2, 40) },
      { cases: [3, 4, 5, 6, 7, 8].flatMap((k) => upTo(k, 30)) },
      // n = 0: Alice cannot move.
      { cases: [[1, 0], [2, 0], [MAX_K, 0]] },
      // The bounds: the whole row in one move, or one monster too many for it.
      {
        cases: [
          [MAX_K, MAX_N],
          [MAX_K - 1, MAX_N],
          [MAX_K - 2, MAX_N],
          [1, MAX_N],
          [1, MAX_N - 1],
          [2, MAX_N],
          [MAX_K, 1],
        ],
      },
      // Largest losing lengths, and k where 4k + 2 no longer fits in a 32-bit integer.
      {
        cases: [
          ...[2, 3, 4, 7, 1000, 123_456, 99_999_999, 150_000_000].flatMap(topLosing),
          ...[536_870_911, 536_870_912, 600_000_000, 999_999_998].flatMap((k): [number, number][] => [
            [k, k + 1],
            [k, k + 2],
            [k, k],
          ]),
        ],
      },
      // Two more files where 4k + 2 overflows 32 bits: n = k + 1 is Bob's, n = k and n = 2k - 1 are
      // Alice's; a period computed in 32 bits reduces n by the wrong modulus.
      ...[0, 1].map((f) => ({
        cases: Array.from({ length: 40 }, (_, i): [number, number][] => {
          const k = MAX_N - 1 - (i * 4_999_999 + f * 1_234_567) % 230_000_000;
          return [[k, k + 1], [k, k], [k, Math.min(MAX_N, 2 * k - 1)]];
        }).flat(),
      })),
      // Maximal files: every game has a long row and small k.
      { cases: Array.from({ length: MAX_T }, (_, i): [number, number] => [1, MAX_N - i]) },
      { cases: Array.from({ length: MAX_T }, (_, i): [number, number] => [2 + (i % 9), nearLosing(2 + (i % 9), MAX_N - i, (i % 3) - 1, MAX_N)]) },
    ];
  },
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '2\n1 1\n', why: 'fewer games than T' },
    { input: '1\n1 1\n2 3\n', why: 'more games than T' },
    { input: '0\n', why: 'T = 0' },
    { input: '10001\n' + '1 1\n'.repeat(10_001), why: 'T above 10^4' },
    { input: '1\n0 5\n', why: 'k = 0' },
    { input: '1\n1000000001 5\n', why: 'k above 10^9' },
    { input: '1\n3 1000000001\n', why: 'n above 10^9' },
    { input: '1\n3 -1\n', why: 'negative n' },
    { input: '1\n2\n3\n', why: 'k and n on separate lines' },
    { input: '1\n2 3.0\n', why: 'not an integer' },
  ],
});
