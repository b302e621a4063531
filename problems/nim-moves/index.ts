import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One file: the games, each the list of pile sizes; `format` appends the closing `0`. */
type Input = { cases: number[][] };

const MAX_CASES = 100;
const MAX_M = 100;
const MAX_A = 1_000_000;

/** Per size: games per file, piles per game, largest pile. */
const SHAPE: SizeTable<{ t: number; m: number; a: number }> = {
  tiny: { t: 3, m: 3, a: 6 },
  small: { t: 5, m: 5, a: 12 },
  medium: { t: 30, m: MAX_M, a: MAX_A },
  max: { t: MAX_CASES, m: MAX_M, a: MAX_A },
};

function piles(size: Size): fc.Arbitrary<number[]> {
  const { m, a } = SHAPE[size];
  const value = fc.integer({ min: 1, max: a });
  const exact = size === 'max';
  const len = { minLength: exact ? m : 2, maxLength: m, size: 'max' as const };
  const topBit = 2 ** Math.floor(Math.log2(a));
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(value, len) },
    // A losing position: the last pile is the XOR of the others (when that is a valid pile).
    {
      weight: 3,
      arbitrary: fc.array(value, { ...len, minLength: Math.max(2, len.minLength - 1), maxLength: m - 1 }).map((xs) => {
        const x = xs.reduce((s, v) => s ^ v, 0);
        return x >= 1 && x <= a ? [...xs, x] : xs;
      }),
    },
    // Equal piles: an odd count has a winning move on every pile, an even count none.
    { weight: 1, arbitrary: fc.tuple(value, fc.integer({ min: 2, max: m })).map(([v, k]) => Array<number>(k).fill(v)) },
    // Every pile has the top bit: many piles may hold a winning move at once.
    { weight: 2, arbitrary: fc.array(value.map((v) => (v | topBit) <= a ? v | topBit : v), len) },
    // One big pile among small ones: exactly one winning move.
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.array(fc.integer({ min: 1, max: Math.max(1, Math.floor(a / 8)) }), { ...len, minLength: Math.max(1, len.minLength - 1), maxLength: m - 1 }))
        .map(([big, xs]) => [...xs, big]),
    },
  );
}

/** `count` piles (count >= 2) in 1..10^6 whose XOR is exactly `target`, from a fixed LCG. */
function withXor(count: number, target: number, seed: number): number[] {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
  for (;;) {
    const rest = Array.from({ length: count - 1 }, () => 1 + (next() % MAX_A));
    const last = rest.reduce((x, v) => x ^ v, target);
    if (last >= 1 && last <= MAX_A) return [...rest, last];
  }
}

/**
 * Games whose XOR is non-zero only above bit 8, 13 or 16 (and the largest pile's top bit), beside
 * a lost one: a program that keeps piles in 8 or 16 bits (typed arrays) sees XOR 0 and prints 0.
 */
function truncationCases(m: number, seed: number): number[][] {
  const targets = [1 << 16, 3 << 16, 1 << 19, (1 << 19) | (1 << 16), 5 << 16, 1 << 13, 1 << 8, 0, 1 << 17];
  return targets.map((x, i) => withXor(m, x, seed + i));
}

export default definePackage<Input>({
  slug: 'nim-moves',
  title: { en: 'Being a Good Boy in Spring Festival', zh: 'Being a Good Boy in Spring Festival' },
  source: 'HDU 1850 Being a Good Boy in Spring Festival',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, piles(size)).map((cases) => ({ cases })),
  format: ({ cases }) => `${cases.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}0\n`,
  validate: validator((r) => {
    for (let count = 0; ; count++) {
      const m = r.int(0, MAX_M, 'M');
      if (m === 0) {
        if (count === 0) r.fail('expected at least one game before the closing 0');
        r.eoln();
        return;
      }
      if (m < 2) r.fail(`M must be in [2, ${MAX_M}] (only the closing line is 0), got ${m}`);
      if (count === MAX_CASES) r.fail(`more than ${MAX_CASES} games before the closing 0`);
      r.eoln();
      r.intsLine(m, 1, MAX_A, 'N');
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // Decided above bit 16 (and bits 13 and 8) only: several files, so each truncation dies often.
    { cases: [[1 << 16, 1], [1, 1 + (1 << 16)], [MAX_A, MAX_A ^ (1 << 19)], [1 << 19, 1 << 16, (1 << 19) | (1 << 16)], ...truncationCases(2, 17)] },
    { cases: truncationCases(5, 101) },
    { cases: truncationCases(30, 211) },
    { cases: [...truncationCases(MAX_M, 307), ...truncationCases(3, 401)] },
    // Smallest games: two equal piles lose, two different piles win by one move.
    { cases: [[1, 1], [1, 2], [2, 1], [1, 3], [MAX_A, MAX_A], [1, MAX_A]] },
    // Equal piles: odd counts have a winning move on every pile, even counts none.
    { cases: [Array<number>(3).fill(7), Array<number>(99).fill(MAX_A), Array<number>(100).fill(MAX_A), Array<number>(2).fill(1), Array<number>(5).fill(1)] },
    // Powers of two: only the largest pile can restore XOR 0; and 1 2 3 (a loss).
    { cases: [[1, 2, 4, 8, 16], [1, 2, 3], [524288, 262144, 524288], Array.from({ length: 20 }, (_, i) => 2 ** i)] },
    // Maximal files: every pile 10^6 or 10^6 - 1; piles sharing the top bit; losing positions.
    { cases: Array.from({ length: MAX_CASES }, (_, c) => Array.from({ length: MAX_M - (c % 2) }, (_, i) => MAX_A - ((i + c) % 2))) },
    { cases: Array.from({ length: MAX_CASES }, (_, c) => Array.from({ length: MAX_M }, (_, i) => 524288 + ((i * 7919 + c * 104729) % 475712))) },
    {
      cases: Array.from({ length: MAX_CASES }, (_, c) => {
        const xs = Array.from({ length: MAX_M - 1 }, (_, i) => 1 + ((i * 7919 + c * 31) % 524287));
        return [...xs, xs.reduce((s, v) => s ^ v, 0) || 1];
      }),
    },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '3\n5 7 9\n', why: 'no closing 0' },
    { input: '0\n', why: 'no game at all' },
    { input: '1\n5\n0\n', why: 'M = 1' },
    { input: '101\n' + Array<string>(101).fill('1').join(' ') + '\n0\n', why: 'M above 100' },
    { input: '2\n0 1\n0\n', why: 'a pile of 0' },
    { input: '2\n1000001 1\n0\n', why: 'pile above 10^6' },
    { input: '3\n5 7\n0\n', why: 'fewer piles than M' },
    { input: '2\n5 7 9\n0\n', why: 'more piles than M' },
    { input: '3\n5 7 9\n0\n3\n5 7 9\n', why: 'data after the closing 0' },
    { input: '2\n1 1\n'.repeat(101) + '0\n', why: 'more than 100 games' },
    { input: '3 5 7 9\n0\n', why: 'M and the piles on one line' },
    { input: '3\n5 7 9\n0 0\n', why: 'closing line is not a single 0' },
  ],
});
