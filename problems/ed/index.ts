import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One file: per case the piles S_1..S_N, where (S_1, S_2), (S_3, S_4), ... are the pairs. */
type Input = { cases: number[][] };
type Pair = [number, number];

const MAX_T = 20;
const MAX_N = 20_000;
const MAX_S = 2_000_000_000;

/** Per size: cases per file, pairs per case, largest pile. */
const SHAPE: SizeTable<{ t: number; pairs: number; s: number }> = {
  tiny: { t: 3, pairs: 2, s: 8 },
  small: { t: 5, pairs: 3, s: 40 },
  medium: { t: MAX_T, pairs: 100, s: MAX_S },
  max: { t: MAX_T, pairs: MAX_N / 2, s: MAX_S },
};

/**
 * How the raw piles of one case are shaped. Piles are drawn as plain integers and reshaped per case
 * (a max file holds 4 * 10^5 piles; an arbitrary per pair would be several times slower to draw).
 */
type Mode = 'random' | 'small' | 'odd' | 'powers' | 'mixed';
const MODES: readonly { weight: number; arbitrary: fc.Arbitrary<Mode> }[] = [
  { weight: 4, arbitrary: fc.constant('random') },
  // Small piles inside big tests: the SG values a halving rule with an off-by-one gets wrong.
  { weight: 2, arbitrary: fc.constant('small') },
  // Both odd: SG 0, the pairs a parity-only rule gets right.
  { weight: 1, arbitrary: fc.constant('odd') },
  // (2^k, y) with y <= 2^k has SG exactly k; y just above 2^k pushes it higher (up to 31).
  { weight: 2, arbitrary: fc.constant('powers') },
  { weight: 3, arbitrary: fc.constant('mixed') },
];
const SHAPED: readonly Exclude<Mode, 'mixed'>[] = ['random', 'small', 'odd', 'powers'];

function shapePair(mode: Mode, u: number, v: number, s: number, i: number): Pair {
  switch (mode) {
    case 'random':
      return [u, v];
    case 'small':
      return [1 + ((u - 1) % 64), 1 + ((v - 1) % 64)];
    case 'odd':
      return [u % 2 ? u : u - 1, v % 2 ? v : v - 1];
    case 'powers': {
      const x = 2 ** (u % (Math.floor(Math.log2(s)) + 1));
      const y = Math.min(s, Math.max(1, x + (v % 5) - 3));
      return v % 2 ? [y, x] : [x, y];
    }
    case 'mixed':
      return shapePair(SHAPED[(u + i) % SHAPED.length]!, u, v, s, i);
  }
}

/** Pairs, flattened into piles: `minPairs..maxPairs` pairs shaped by a mode drawn per case. */
function pairs(s: number, minPairs: number, maxPairs: number): fc.Arbitrary<number[]> {
  const raw = fc.array(fc.integer({ min: 1, max: s }), { minLength: 2 * minPairs, maxLength: 2 * maxPairs, size: 'max' });
  return fc.tuple(fc.oneof(...MODES), raw).map(([mode, r]) => {
    const out: number[] = [];
    for (let i = 0; i + 1 < r.length; i += 2) out.push(...shapePair(mode, r[i]!, r[i + 1]!, s, i >> 1));
    return out;
  });
}

function cases(size: Size): fc.Arbitrary<number[]> {
  const { pairs: most, s } = SHAPE[size];
  const least = size === 'max' ? most : 1;
  const half = Math.max(1, Math.floor(most / 2));
  const onePair = pairs(s, 1, 1);
  return fc.oneof(
    { weight: 6, arbitrary: pairs(s, least, most) },
    // Every pair the same: an even number of them is a loss whatever their SG.
    {
      weight: 1,
      arbitrary: fc.tuple(onePair, fc.integer({ min: size === 'max' ? most - 1 : 1, max: most })).map(([q, k]) => Array.from({ length: k }, () => q).flat()),
    },
    // Every pair (1, 1): nobody can move.
    { weight: 1, arbitrary: fc.integer({ min: least, max: most }).map((k) => Array<number>(2 * k).fill(1)) },
    // A list of pairs followed by itself: the SG values cancel, a losing position.
    { weight: 2, arbitrary: pairs(s, size === 'max' ? half : 1, half).map((xs) => (xs.length <= most ? [...xs, ...xs] : xs)) },
    { weight: 1, arbitrary: onePair },
  );
}

/**
 * A pair whose SG value is exactly `k` (0..31): (x - 1) | (y - 1) ends in exactly k one-bits.
 * The low k bits are split between the two piles at random, the bits above bit k are random too;
 * drawn from a fixed LCG until both piles are in 1..2·10^9.
 */
function pairWithSg(k: number, seed: number): Pair {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
  const low = 2 ** k - 1;
  for (;;) {
    const u = (next() * 2 + (next() & 1)) % (low + 1);
    const w = next() & u;
    const other = (low - u) + w; // the bits of low that u lacks, plus some u has (disjoint sums)
    const highRange = Math.floor((MAX_S - 1 - low) / 2 ** (k + 1));
    const h1 = highRange > 0 ? (next() % (highRange + 1)) * 2 ** (k + 1) : 0;
    const h2 = highRange > 0 ? (next() % (highRange + 1)) * 2 ** (k + 1) : 0;
    const x = h1 + u + 1;
    const y = h2 + other + 1;
    if (x <= MAX_S && y <= MAX_S) return next() & 1 ? [x, y] : [y, x];
  }
}

/**
 * Cases decided by one SG value above a truncation point: a pair of SG b + 1 beside one of SG b
 * (YES), which a program that keeps b bits of (x - 1) | (y - 1), or counts at most b trailing ones,
 * sees as two equal values (NO); for b = 8, 13, 16, 29 and 30 (31 is the largest SG value there
 * is), with lost look-alikes and padding pairs that cancel.
 */
function truncationCases(seed: number, padding: number): number[][] {
  const pad = (i: number) => Array.from({ length: padding }, (_, j) => pairWithSg(j % 32, seed * 1000 + i * 100 + j)).flatMap((q) => [...q, ...q]);
  const cases: number[][] = [];
  [8, 13, 16, 29, 30].forEach((b, i) => {
    cases.push([...pairWithSg(b, seed + 10 * i), ...pad(i), ...pairWithSg(b + 1, seed + 10 * i + 1)]);
    cases.push([...pairWithSg(b + 1, seed + 10 * i + 2), ...pad(i + 5), ...pairWithSg(b + 1, seed + 10 * i + 3)]);
  });
  cases.push([...pairWithSg(31, seed + 97), ...pairWithSg(30, seed + 98), ...pairWithSg(31, seed + 99), ...pairWithSg(30, seed + 96)]);
  cases.push([...pairWithSg(31, seed + 95), ...pairWithSg(1, seed + 94), ...pairWithSg(30, seed + 93), ...pairWithSg(0, seed + 92)]);
  return cases;
}

export default definePackage<Input>({
  slug: 'ed',
  title: { en: 'E&D', zh: 'E&D' },
  source: 'SDOI2009 E&D (Luogu P2148)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, cases(size)).map((cs) => ({ cases: cs })),
  format: ({ cases: cs }) => formatCases(cs, (c) => `${c.length}\n${c.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(2, MAX_N, 'N');
    if (n % 2 !== 0) r.fail(`N must be even, got ${n}`);
    r.eoln();
    r.intsLine(n, 1, MAX_S, 'S');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // SG 31 beside SG 30 (and 17 beside 16, 14 beside 13, 9 beside 8, 30 beside 29), several files.
    { cases: truncationCases(1, 0) },
    { cases: truncationCases(2, 1) },
    { cases: truncationCases(3, 5) },
    { cases: truncationCases(4, 200) },
    // No move at all; one forced move; the statement's example.
    { cases: [[1, 1], [1, 2], [2, 1], [2, 2], [3, 3], [1, 2, 3, 1]] },
    // Every pair with both piles up to 4, one pair per case (T at its bound).
    { cases: Array.from({ length: 16 }, (_, i) => [1 + (i >> 2), 1 + (i & 3)]).concat([[5, 8], [8, 5], [7, 7], [6, 7]]) },
    // Piles at the upper bound, and the largest SG values: (2^30, 2^30) has SG 30, (2^30, 2^30 + 1) has SG 31.
    {
      cases: [
        [MAX_S, MAX_S],
        [1, MAX_S],
        [MAX_S - 1, MAX_S - 1],
        [2 ** 30, 2 ** 30],
        [2 ** 30, 2 ** 30 + 1],
        [2 ** 30 + 1, 2 ** 30],
        [2 ** 30, 2 ** 30 + 1, 2 ** 30 + 1, 2 ** 30],
        [2 ** 30, 2 ** 30, 2 ** 29, 2 ** 29, 2 ** 29 + 1, 2 ** 29],
        [1_073_741_823, 1_073_741_823],
        [MAX_S, 1, 1, MAX_S],
      ],
    },
    // (2^k, 2^k) has SG k and (1, 2^(k+1)) has SG k + 1: odd k gives two equal pairs (NO), even k two
    // SG values that differ in their last bit (YES).
    { cases: Array.from({ length: 20 }, (_, k) => (k % 2 ? [2 ** k, 2 ** k, 2 ** k, 2 ** k] : [2 ** k, 2 ** k, 1, 2 ** (k + 1)])) },
    // Maximal files: every pile 1 (no move), every pile 2e9, and pairs (2^k, 2^k) cycling k.
    { cases: Array.from({ length: MAX_T }, () => Array<number>(MAX_N).fill(1)) },
    { cases: Array.from({ length: MAX_T }, (_, c) => Array<number>(MAX_N).fill(MAX_S - (c % 2))) },
    {
      cases: Array.from({ length: MAX_T }, (_, c) =>
        Array.from({ length: MAX_N }, (_, i) => 2 ** ((Math.floor(i / 2) + c) % 31)).map((v, i) => (c % 2 && i === 0 ? v + 1 : v)),
      ),
    },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1\n3\n1 2 3\n', why: 'N odd' },
    { input: '1\n0\n\n', why: 'N = 0' },
    { input: '1\n2\n1 2 3\n', why: 'more piles than N' },
    { input: '1\n4\n1 2 3\n', why: 'fewer piles than N' },
    { input: '1\n2\n0 1\n', why: 'a pile of 0 stones' },
    { input: '1\n2\n2000000001 1\n', why: 'pile above 2e9' },
    { input: '21\n' + '2\n1 1\n'.repeat(21), why: 'T above 20' },
    { input: '1\n20002\n' + Array<string>(20002).fill('1').join(' ') + '\n', why: 'N above 2e4' },
    { input: '1\n2\n1\n2\n', why: 'piles split over two lines' },
  ],
});
