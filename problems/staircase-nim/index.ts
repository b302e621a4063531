import * as fc from 'fast-check';
import { InputError } from '../../server/problems/input-reader';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** Each case: the chessmen's cells, in input order (not sorted). */
type Input = { cases: number[][] };

const MAX_T = 20;
const MAX_N = 1000;
const MAX_P = 10_000;

/**
 * Per size: cases per file, chessmen per case, rightmost cell, and the largest gap used when a
 * losing position is built: its rightmost cell is at most 2·ceil(N/2)·(gap + 1) + 1 ≤ p.
 */
const SHAPE: SizeTable<{ t: number; n: number; p: number; gap: number }> = {
  tiny: { t: 3, n: 3, p: 8, gap: 1 },
  small: { t: 5, n: 6, p: 20, gap: 2 },
  medium: { t: MAX_T, n: 100, p: MAX_P, gap: 63 },
  max: { t: MAX_T, n: MAX_N, p: MAX_P, gap: 7 },
};

function shuffled(cells: number[]): fc.Arbitrary<number[]> {
  return fc.shuffledSubarray(cells, { minLength: cells.length, maxLength: cells.length });
}

/**
 * A losing position for Georgia: pairs from the right whose inner gaps XOR to 0 (the last gap is
 * the XOR of the others: at most gap + 1 for the gaps used here), with free gaps between pairs.
 */
function losing(size: Size): fc.Arbitrary<number[]> {
  const { n, gap } = SHAPE[size];
  const exact = size === 'max';
  return fc
    .tuple(
      fc.integer({ min: exact ? n : 1, max: n }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: gap }), fc.integer({ min: 0, max: gap })), { minLength: Math.ceil(n / 2), maxLength: Math.ceil(n / 2), size: 'max' }),
    )
    .map(([count, gaps]) => {
      const pairs = gaps.slice(0, Math.ceil(count / 2));
      pairs[pairs.length - 1]![0] = pairs.slice(0, -1).reduce((x, [inner]) => x ^ inner, 0);
      const cells: number[] = [];
      // With N odd the leftmost chessman is paired with the wall at cell 0.
      let at = count % 2 === 1 ? 0 : 1 + pairs[0]![1];
      for (const [k, [inner, between]] of pairs.entries()) {
        if (k > 0 || count % 2 === 0) cells.push(at);
        at += inner + 1;
        cells.push(at);
        at += between + 1;
      }
      return cells;
    })
    .chain(shuffled);
}

function positions(size: Size): fc.Arbitrary<number[]> {
  const { n, p } = SHAPE[size];
  const exact = size === 'max';
  const cell = fc.integer({ min: 1, max: p });
  const count = fc.integer({ min: exact ? n : 1, max: n });
  return fc.oneof(
    { weight: 4, arbitrary: fc.uniqueArray(cell, { minLength: exact ? n : 1, maxLength: n, size: 'max' }) },
    { weight: 3, arbitrary: losing(size) },
    // Packed blocks: at the left edge (nobody can move) or against the right end.
    { weight: 1, arbitrary: count.chain((k) => shuffled(Array.from({ length: k }, (_, i) => i + 1))) },
    { weight: 1, arbitrary: count.chain((k) => shuffled(Array.from({ length: k }, (_, i) => p - i))) },
    // Sorted input, as in the samples.
    { weight: 1, arbitrary: fc.uniqueArray(cell, { minLength: exact ? n : 1, maxLength: n, size: 'max' }).map((c) => c.sort((a, b) => a - b)) },
    { weight: 1, arbitrary: cell.map((c) => [c]) },
  );
}

/** Deterministic pseudo-random cells for the hand-made cases (a fixed LCG, not Math.random). */
function scatter(count: number, seed: number): number[] {
  const taken = new Set<number>();
  let s = seed;
  while (taken.size < count) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    taken.add(1 + (s % MAX_P));
  }
  return [...taken];
}

/**
 * The same cells after Georgia's winning move, if she has one: the right chessman of a pair whose
 * gap g has g XOR x < g (x the XOR of all gaps) moves left to leave g XOR x. The result is a losing
 * position, in the same input order, where every move must be tried before Bob's win is known.
 */
function afterWinningMove(cells: number[]): number[] {
  const sorted = cells.slice().sort((a, b) => a - b);
  const gap = (i: number) => sorted[i]! - (i > 0 ? sorted[i - 1]! : 0) - 1;
  let x = 0;
  for (let i = sorted.length - 1; i >= 0; i -= 2) x ^= gap(i);
  for (let i = sorted.length - 1; i >= 0 && x !== 0; i -= 2) {
    const g = gap(i);
    if ((g ^ x) < g) return cells.map((c) => (c === sorted[i] ? c - (g - (g ^ x)) : c));
  }
  return cells;
}

/** The cells of a losing position with N = 1000: pairs with equal inner gaps, listed right to left. */
function losingMax(inner: number, between: number): number[] {
  const cells: number[] = [];
  let at = 1;
  for (let k = 0; k < MAX_N / 2; k++) {
    cells.push(at, at + inner + 1);
    at += inner + between + 2;
  }
  return cells.reverse();
}

/**
 * Cells whose pairs (from the right) have the given inner gaps, with `between` free cells between
 * pairs, listed in a scrambled order; null when they do not fit in 1..10^4.
 */
function withGaps(gaps: number[], between: number, seed: number): number[] {
  const cells: number[] = [];
  let at = 0;
  for (const g of gaps) {
    at += between + 1;
    cells.push(at);
    at += g + 1;
    cells.push(at);
  }
  if (at > MAX_P) throw new Error(`staircase-nim: gaps ${gaps.join(' ')} do not fit`);
  let s = seed >>> 0;
  for (let i = cells.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return cells;
}

/**
 * Games whose gap XOR is non-zero only in bit 13 or in bits 8 and up (gaps reach 9998, which needs
 * 14 bits), beside lost look-alikes: a program keeping gaps or cells in 8 or 13 bits calls them lost.
 */
function truncationCases(seed: number): number[][] {
  const b = seed % 7;
  return [
    withGaps([8192 + b, b], b, seed),
    withGaps([256 + 3 * b, 3 * b], 2 + b, seed + 1),
    withGaps([8192 + 256 + b, 8 + b, 8 ^ 256], 1, seed + 2),
    withGaps([4096 + 512 + b, 4096 + b, 512], b, seed + 3),
    withGaps([4096 + b, 4096 + b], 0, seed + 4),
    withGaps([768, 512, 256, 7], b + 1, seed + 5),
    [MAX_P - 8193, MAX_P],
    [MAX_P - 257, MAX_P, 1, 2],
  ];
}

export default definePackage<Input>({
  slug: 'staircase-nim',
  title: { en: 'Georgia and Bob', zh: 'Georgia and Bob（阶梯博弈）' },
  source: 'POJ 1704 Georgia and Bob',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, positions(size))
      .map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (c) => `${c.length}\n${c.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(1, MAX_N, 'N');
    r.eoln();
    const line = r.line;
    const cells = r.intsLine(n, 1, MAX_P, 'P');
    if (new Set(cells).size !== n) throw new InputError(line, 'positions must be distinct');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { cases: [[1]] },
    // Decided by bit 13, or by bits 8 and up only (several files).
    { cases: [[8193], [257], [8193, 1, 2], ...truncationCases(1)] },
    { cases: truncationCases(2) },
    { cases: [...truncationCases(3), ...truncationCases(4)] },
    { cases: [[MAX_P], [2], [1, 2], [2, 1], [3, 1]] },
    // Packed at the left edge: no move at all.
    { cases: [Array.from({ length: MAX_N }, (_, i) => MAX_N - i)] },
    // Packed at the right end: one big gap, then nothing (N even: the wall gap does not count).
    { cases: [Array.from({ length: MAX_N }, (_, i) => MAX_P - i), Array.from({ length: MAX_N - 1 }, (_, i) => MAX_P - i)] },
    // Unsorted lists whose unsorted "gaps" differ from the sorted ones.
    { cases: [[3, 1, 2], [5, 1, 9], [9, 1, 5, 3], [10, 4, 7, 1, 2]] },
    // Losing positions of maximal size, listed right to left; Georgia has thousands of moves.
    { cases: Array.from({ length: MAX_T }, (_, i) => losingMax(i % 8, (i * 3) % 8)) },
    // Scattered chessmen, half of the games turned into losses by Georgia's winning move (the
    // largest files: a search over moves has to try every one of them there).
    { cases: Array.from({ length: MAX_T }, (_, i) => (i % 2 ? afterWinningMove(scatter(MAX_N, i + 1)) : scatter(MAX_N, i + 1))) },
    { cases: Array.from({ length: MAX_T }, (_, i) => afterWinningMove(scatter(MAX_N - (i % 2), 100 + i)).sort((a, b) => a - b)) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '1\n2\n1 1\n', why: 'two chessmen on one cell' },
    { input: '1\n2\n0 2\n', why: 'position 0' },
    { input: '1\n1\n10001\n', why: 'position above 10^4' },
    { input: '1\n0\n\n', why: 'N = 0' },
    { input: `1\n1001\n${Array.from({ length: 1001 }, (_, i) => i + 1).join(' ')}\n`, why: 'N above 1000' },
    { input: `21\n${'1\n1\n'.repeat(21)}`, why: 'T above 20' },
    { input: '1\n3\n1 2\n', why: 'fewer positions than N' },
    { input: '1\n2\n1 2 3\n', why: 'more positions than N' },
    { input: '1\n2 1 2\n', why: 'N and positions on one line' },
    { input: '1\n2\n1\t2\n', why: 'tab between numbers' },
    { input: '2\n1\n1\n', why: 'fewer cases than T' },
  ],
});
