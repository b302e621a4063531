import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { cases: number[][] };

const MAX_T = 500;
const MAX_N = 50;
const MAX_A = 5000;

/** Per size: games per file, piles per game, largest pile. */
const SHAPE: SizeTable<{ t: number; n: number; a: number }> = {
  tiny: { t: 3, n: 3, a: 4 },
  small: { t: 5, n: 6, a: 9 },
  medium: { t: 100, n: MAX_N, a: MAX_A },
  max: { t: MAX_T, n: MAX_N, a: MAX_A },
};

function piles(size: Size): fc.Arbitrary<number[]> {
  const { n, a } = SHAPE[size];
  const value = fc.integer({ min: 1, max: a });
  const big = fc.integer({ min: 2, max: a });
  const exact = size === 'max';
  const len = { minLength: exact ? n : 1, maxLength: n, size: 'max' as const };
  const count = fc.integer({ min: exact ? n : 1, max: n });
  const ones = (k: number) => Array<number>(k).fill(1);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(value, len) },
    // Only piles of 1: the misère rule flips (John wins iff the count is even).
    { weight: 2, arbitrary: count.map(ones) },
    // Ones and exactly one bigger pile: John always wins (he fixes the parity of the ones).
    { weight: 2, arbitrary: fc.tuple(count, big, fc.nat()).map(([k, b, at]) => ones(k).map((v, i) => (i === at % k ? b : v))) },
    // Mostly ones with a few bigger piles, a 1 first (where a "first pile is 1" shortcut looks).
    {
      weight: 2,
      arbitrary: fc.array(fc.oneof(fc.constant(1), fc.constant(1), value), len).map((xs) => [1, ...xs.slice(1)]),
    },
    // XOR 0 with some pile above 1: a loss, as in normal Nim.
    {
      weight: 2,
      arbitrary: fc.array(value, { ...len, minLength: Math.max(1, len.minLength - 1), maxLength: Math.max(1, n - 1) }).map((xs) => {
        const x = xs.reduce((s, v) => s ^ v, 0);
        return x >= 1 && x <= a && xs.length < n ? [...xs, x] : xs;
      }),
    },
    { weight: 1, arbitrary: value.map((v) => [v]) },
  );
}

/** `count` piles in 2..5000 whose XOR is exactly `target`, from a fixed LCG (count >= 2). */
function withXor(count: number, target: number, seed: number): number[] {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
  for (;;) {
    const rest = Array.from({ length: count - 1 }, () => 2 + ((next() >>> 4) % (MAX_A - 1)));
    const last = rest.reduce((x, v) => x ^ v, target);
    if (last >= 2 && last <= MAX_A) return [...rest, last];
  }
}

/**
 * Games with piles above 1 whose XOR is non-zero only in bit 12 or in bits 8 and up, beside lost
 * look-alikes: a program that keeps piles in 8 bits (or counts bits 0..11) calls them lost.
 */
function truncationCases(count: number, seed: number): number[][] {
  return [4096, 256, 4096 | 256, 0, 512 | 2048, 768, 0, 4096 | 1024].map((x, i) => withXor(count, x, seed + i));
}

export default definePackage<Input>({
  slug: 'anti-nim',
  title: { en: "Little John's Game", zh: '小约翰的游戏' },
  source: 'SHOI2008 小约翰的游戏 John (Luogu P4279)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, piles(size)).map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (c) => `${c.length}\n${c.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(1, MAX_N, 'N');
    r.eoln();
    r.intsLine(n, 1, MAX_A, 'A');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // Decided by bit 12, or by bits 8 and up only (several files).
    { cases: [[4096], [256, 1], [MAX_A, MAX_A ^ 4096], [MAX_A, MAX_A ^ 256], ...truncationCases(2, 5)] },
    { cases: [...truncationCases(3, 50), ...truncationCases(7, 60)] },
    { cases: [...truncationCases(MAX_N, 70), ...truncationCases(20, 80)] },
    // One pile: 1 loses (John must take the last stone), anything bigger wins.
    { cases: [[1], [2], [MAX_A]] },
    // Only ones, every count from 1 to 50.
    { cases: Array.from({ length: MAX_N }, (_, i) => Array<number>(i + 1).fill(1)) },
    // Ones plus one pile of 2 or 5000 (always John), and two equal big piles with ones (XOR decides).
    {
      cases: [
        [1, 2], [2, 1], [1, 1, 2], [1, 1, 1, MAX_A], [2, 2], [2, 2, 1], [2, 2, 1, 1], [3, 2, 1],
        [MAX_A, MAX_A], [MAX_A, MAX_A, 1], [1, 4, 5], [1, 1, 4, 5],
      ],
    },
    // Maximal files: all ones with 50 piles (even, John) and 49 (odd, Brother); every pile 5000;
    // forty-nine ones and one big pile.
    { cases: Array.from({ length: MAX_T }, (_, c) => Array<number>(MAX_N - (c % 2)).fill(1)) },
    { cases: Array.from({ length: MAX_T }, (_, c) => Array<number>(MAX_N - (c % 2)).fill(MAX_A)) },
    { cases: Array.from({ length: MAX_T }, (_, c) => Array.from({ length: MAX_N }, (_, i) => (i === c % MAX_N ? 2 + ((c * 37) % (MAX_A - 1)) : 1))) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '0\n', why: 'T = 0' },
    { input: '501\n' + '1\n1\n'.repeat(501), why: 'T above 500' },
    { input: '1\n0\n\n', why: 'N = 0' },
    { input: '1\n51\n' + Array<string>(51).fill('1').join(' ') + '\n', why: 'N above 50' },
    { input: '1\n2\n0 1\n', why: 'a pile of 0' },
    { input: '1\n1\n5001\n', why: 'pile above 5000' },
    { input: '1\n3\n3 5\n', why: 'fewer piles than N' },
    { input: '1\n1\n3 5\n', why: 'more piles than N' },
    { input: '2\n1\n1\n', why: 'fewer games than T' },
    { input: '1\n3 3 5 1\n', why: 'N and the piles on one line' },
    { input: '1\n2\n3\t5\n', why: 'tab between numbers' },
    { input: '1\n1\n+1\n', why: 'plus sign' },
  ],
});
