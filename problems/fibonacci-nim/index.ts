import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** The piles, one per line; `format` appends the closing `0`. */
type Input = { piles: number[] };

const MAX_N = 2 ** 31 - 1;
/** The original gives no bound on the number of lines; this package allows 10^4. */
const MAX_LINES = 10_000;

/** Per size: piles per file, largest pile. */
const SHAPE: SizeTable<{ lines: number; v: number }> = {
  tiny: { lines: 4, v: 40 },
  small: { lines: 10, v: 300 },
  // Medium files reach 2^31 too (a random run at this size finds the mistakes only large piles reveal).
  medium: { lines: 500, v: MAX_N },
  max: { lines: MAX_LINES, v: MAX_N },
};

/** The Fibonacci numbers 1, 2, 3, 5, … below 2^31 (the largest is 1836311903). */
const FIBONACCI: readonly number[] = (() => {
  const out = [1, 2];
  while (out.at(-1)! + out.at(-2)! <= MAX_N) out.push(out.at(-1)! + out.at(-2)!);
  return out;
})();

/**
 * The positive values below 2^31 that a Fibonacci table kept in an Int32Array holds once the sums
 * wrap past 2^31 (such a table calls them Fibonacci numbers).
 */
export const WRAPPED: readonly number[] = (() => {
  const f = new Int32Array(64);
  f[0] = 1;
  f[1] = 2;
  for (let i = 2; i < f.length; i++) f[i] = f[i - 1]! + f[i - 2]!;
  return [...new Set(f)].filter((v) => v >= 2 && !FIBONACCI.includes(v));
})();

/**
 * The piles below 2^31 that the perfect-square test (n is a Fibonacci number exactly when 5n^2 + 4
 * or 5n^2 - 4 is a square) calls Fibonacci numbers when it runs on doubles: 5n^2 passes 2^53 near
 * n = 4·10^7, and where 5n^2 ± 4 lies within a few thousand of a square, the rounded sum's square
 * root comes out whole. Such n solve m^2 - 5n^2 = d for a small d (|d| below about 5,000 near 2^31),
 * so they are found by walking the solutions (m, n) -> (9m + 20n, 4m + 9n) of each |d| ≤ 20,000 up
 * from n < 2000: 816 piles, the first 70711162, 39 of them sums of two Fibonacci numbers (the shape
 * that lets random medium files find the mistake). No Fibonacci number is misjudged the other way.
 */
export const NEAR_SQUARES: readonly number[] = (() => {
  const square = (x: number) => Math.sqrt(x) === Math.floor(Math.sqrt(x));
  const found = new Set<number>();
  for (let n0 = 1; n0 < 2000; n0++) {
    const m0 = Math.round(Math.sqrt(5) * n0);
    for (let m = m0 - 3; m <= m0 + 3; m++) {
      if (Math.abs(m * m - 5 * n0 * n0) > 20_000) continue;
      for (let [a, b] = [m, n0]; b <= MAX_N; [a, b] = [9 * a + 20 * b, 4 * a + 9 * b]) {
        if (!FIBONACCI.includes(b) && (square(5 * b * b + 4) || square(5 * b * b - 4))) found.add(b);
      }
    }
  }
  return [...found].sort((x, y) => x - y);
})();

function pile(size: Size): fc.Arbitrary<number> {
  const { v } = SHAPE[size];
  const fibs = FIBONACCI.filter((f) => f >= 2 && f <= v);
  const fib = fc.constantFrom(...fibs);
  const shapes: fc.WeightedArbitrary<number>[] = [
    { weight: 3, arbitrary: fc.integer({ min: 2, max: v }) },
    { weight: 3, arbitrary: fib },
    // A Fibonacci number's neighbours, and the sum of two of them (won, one Zeckendorf term too many).
    { weight: 2, arbitrary: fc.tuple(fib, fc.constantFrom(-1, 1)).map(([f, d]) => Math.min(v, Math.max(2, f + d))) },
    { weight: 1, arbitrary: fc.tuple(fib, fib).map(([a, b]) => Math.min(v, a + b)) },
  ];
  if (v === MAX_N) {
    // The largest Fibonacci numbers, beyond what a table of 40 terms holds, and the wrapped values.
    shapes.push({ weight: 2, arbitrary: fc.constantFrom(...FIBONACCI.slice(-6)) });
    shapes.push({ weight: 1, arbitrary: fc.constantFrom(...WRAPPED) });
  }
  return fc.oneof(...shapes);
}

export default definePackage<Input>({
  slug: 'fibonacci-nim',
  title: { en: 'Fibonacci Nim', zh: '取石子游戏（斐波那契博弈）' },
  source: 'HDU 2516 取石子游戏',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].lines, pile(size)).map((piles) => ({ piles })),
  format: ({ piles }) => `${piles.map((n) => `${n}\n`).join('')}0\n`,
  validate: validator((r) => {
    for (let count = 0; ; count++) {
      const n = r.int(0, MAX_N, 'n');
      if (n === 0) {
        if (count === 0) r.fail('expected at least one pile before the closing 0');
        r.eoln();
        return;
      }
      if (n === 1) r.fail('n must be at least 2 (only the closing line is 0)');
      if (count === MAX_LINES) r.fail(`more than ${MAX_LINES} piles before the closing 0`);
      r.eoln();
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { piles: [2, 3, 4, MAX_N] },
    // Every pile from 2 to 300: the part a search can check.
    { piles: Array.from({ length: 299 }, (_, i) => i + 2) },
    // Every Fibonacci number below 2^31 with both neighbours.
    { piles: FIBONACCI.filter((f) => f >= 2).flatMap((f) => [f - 1, f, Math.min(MAX_N, f + 1)].filter((n) => n >= 2)) },
    // The six largest Fibonacci numbers alone, then beside the wrapped Int32Array values.
    { piles: FIBONACCI.slice(-6) },
    { piles: [...WRAPPED, ...FIBONACCI.slice(-8), ...WRAPPED.map((w) => w + 1)] },
    // The piles a perfect-square test on doubles takes for Fibonacci numbers, in three files (each
    // beside the Fibonacci numbers it gets right), then all of them with their neighbours.
    ...[0, 1, 2].map((r) => ({ piles: [...NEAR_SQUARES.filter((_, i) => i % 3 === r), ...FIBONACCI.slice(-6 - r, -r || undefined)] })),
    { piles: NEAR_SQUARES.flatMap((n) => [n - 1, n, n + 1]) },
    // Maximal files: large piles, a tenth of them Fibonacci numbers; the largest ones repeated.
    { piles: Array.from({ length: MAX_LINES }, (_, i) => (i % 10 === 0 ? FIBONACCI[FIBONACCI.length - 1 - (i % 7)]! : MAX_N - i * 9973)) },
    { piles: Array.from({ length: MAX_LINES }, (_, i) => (i % 3 === 0 ? FIBONACCI.at(-1)! : i % 3 === 1 ? WRAPPED[i % WRAPPED.length]! : MAX_N - i)) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '5\n', why: 'no closing 0' },
    { input: '0\n', why: 'no pile at all' },
    { input: '5\n0\n8\n', why: 'data after the closing 0' },
    { input: '1\n0\n', why: 'n = 1' },
    { input: '2147483648\n0\n', why: 'n = 2^31' },
    { input: '5 8\n0\n', why: 'two piles on a line' },
    { input: '-5\n0\n', why: 'negative n' },
    { input: '2\n'.repeat(MAX_LINES + 1) + '0\n', why: 'more than 10^4 piles' },
  ],
});
