import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Game = { k: number; piles: number[] };
type Input = { cases: Game[] };

const MAX_T = 10;
const MAX_N = 100_000;
const MAX_A = 1_000_000_000;
const BITS = 30;

/** Per size: cases per file, piles per case, largest pile. Tiny and small stay brute-forceable. */
const SHAPE: SizeTable<{ t: number; n: number; a: number }> = {
  tiny: { t: 3, n: 3, a: 3 },
  small: { t: 4, n: 5, a: 5 },
  medium: { t: MAX_T, n: 1000, a: MAX_A },
  max: { t: MAX_T, n: MAX_N, a: MAX_A },
};

/**
 * Makes a losing position out of any piles: for every bit, clear it in just enough piles that the
 * count of piles having it becomes a multiple of k + 1. Piles only shrink, so they stay in range.
 */
function makeLosing(piles: number[], k: number): number[] {
  const out = piles.slice();
  for (let b = 0; b < BITS; b++) {
    let extra = out.filter((v) => (v >>> b) & 1).length % (k + 1);
    for (let i = 0; i < out.length && extra > 0; i++) {
      if ((out[i]! >>> b) & 1) {
        out[i] = out[i]! & ~(1 << b);
        extra--;
      }
    }
  }
  return out;
}

function game(size: Size): fc.Arbitrary<Game> {
  const { n, a } = SHAPE[size];
  const exact = size === 'max';
  // Per-pile choices between ranges cost too much on 10^6 piles; fast-check's own bias towards
  // the bounds of the range gives the extreme piles there.
  const pile =
    n > 100
      ? fc.integer({ min: 0, max: a })
      : fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 0, max: a }) },
          { weight: 1, arbitrary: fc.integer({ min: Math.max(0, a - 3), max: a }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: Math.min(a, 3) }) },
        );
  const piles = fc.array(pile, { minLength: exact ? n : 1, maxLength: n, size: 'max' });
  // k from 1 to n, with the ends (plain Nim, take from every pile) often.
  const withK = (ps: number[]) =>
    fc.oneof(fc.integer({ min: 1, max: ps.length }), fc.constant(1), fc.constant(ps.length)).map((k) => ({ k, piles: ps }));
  const random = piles.chain(withK);
  return fc.oneof(
    { weight: 3, arbitrary: random },
    { weight: 3, arbitrary: random.map(({ k, piles: ps }) => ({ k, piles: makeLosing(ps, k) })) },
    // All piles equal: the answer turns on n mod (k + 1).
    { weight: 1, arbitrary: fc.tuple(pile, fc.integer({ min: exact ? n : 1, max: n })).chain(([v, len]) => withK(Array<number>(len).fill(v))) },
    { weight: 1, arbitrary: fc.array(pile.map((v) => v | 1).filter((v) => v <= a), { minLength: exact ? n : 1, maxLength: n, size: 'max' }).chain(withK) },
  );
}

/** Deterministic pseudo-random piles for hand-made cases (a fixed LCG, not Math.random). */
function lcgPiles(count: number, seed: number, max: number): number[] {
  const out: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(s % (max + 1));
  }
  return out;
}

/**
 * A game decided by bit `bit` alone: a losing position, then bit `bit` set in one pile that lacks
 * it (and stays within 10^9). Every lower bit still counts to a multiple of k + 1, so a program that
 * looks only at bits below `bit` calls it lost; the first player wins.
 */
function decidedByBit(n: number, k: number, bit: number, seed: number): Game {
  const piles = makeLosing(lcgPiles(n, seed, MAX_A), k);
  const i = piles.findIndex((v) => ((v >>> bit) & 1) === 0 && (v | (1 << bit)) <= MAX_A);
  if (i < 0) return { k, piles: [1 << bit] };
  piles[i] = piles[i]! | (1 << bit);
  return { k, piles };
}

/** Truncation points a learner might pick: 8, 13, 16 and 29 bits (10^9 needs 30). */
const TRUNCATED_BITS = [8, 13, 16, 29] as const;

/** A file of games each decided by one truncation point, beside lost look-alikes. */
function truncationFile(n: number, ks: number[], seed: number): Input {
  const cases: Game[] = [];
  ks.forEach((k, i) => {
    const bit = TRUNCATED_BITS[i % TRUNCATED_BITS.length]!;
    cases.push(decidedByBit(n, Math.min(k, n), bit, seed + i));
  });
  cases.push({ k: Math.min(ks[0]!, n), piles: makeLosing(lcgPiles(n, seed + 99, MAX_A), Math.min(ks[0]!, n)) });
  return { cases };
}

export default definePackage<Input>({
  slug: 'k-nim',
  title: { en: "Moore's Nim_k", zh: 'Nim_k 游戏（Moore）' },
  source: "E. H. Moore, A generalization of the game called Nim (Annals of Mathematics, 1910): Moore's Nim_k",
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, game(size))
      .map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (g) => `${g.piles.length} ${g.k}\n${g.piles.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(1, MAX_N, 'n');
    r.space();
    r.int(1, n, 'k');
    r.eoln();
    r.intsLine(n, 0, MAX_A, 'a');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { cases: [{ k: 1, piles: [0] }] },
    // Decided by bit 8, 13, 16 or 29 alone (several files, so each truncation fails several tests),
    // and the largest pile alone or beside k copies of itself.
    truncationFile(3, [1, 2, 1, 2, 1, 2, 1, 2, 1], 2000),
    truncationFile(20, [1, 3, 7, 19, 2, 4, 1, 5, 6], 3000),
    truncationFile(1000, [1, 2, 3, 4, 9, 10, 100, 999, 1], 4000),
    truncationFile(10_000, [2, 1, 5, 4, 7, 3, 1, 2, 13], 5000),
    { cases: [{ k: 1, piles: [1 << 29] }, { k: 2, piles: [1 << 16, 1 << 16] }, { k: 1, piles: [1 << 13, 1 << 29, 1 << 13] }, { k: 2, piles: [MAX_A, MAX_A, MAX_A] }, { k: 2, piles: [1 << 8, 1 << 8, 1 << 8, 1 << 8] }] },
    { cases: [{ k: 1, piles: [MAX_A] }, { k: 2, piles: [MAX_A, MAX_A] }, { k: 1, piles: [MAX_A, MAX_A] }, { k: 2, piles: [MAX_A, MAX_A, MAX_A] }] },
    // k = n: the first player empties everything unless it is already empty.
    { cases: [{ k: 3, piles: [0, 0, 0] }, { k: 3, piles: [0, 0, 1] }, { k: 4, piles: [5, 5, 5, 5] }] },
    // 65,536 piles or more sharing bits (a bit count past 2^16), its remainder modulo k + 1 deciding.
    { cases: [{ k: 2, piles: Array<number>(65_536).fill(1) }] },
    { cases: [{ k: 4, piles: Array<number>(65_536).fill(6) }] },
    { cases: [{ k: 2, piles: Array<number>(65_538).fill(5) }] },
    // Bit counts that are multiples of k + 1 in high bits only, or in low bits only.
    { cases: [{ k: 2, piles: [1 << 29, 1 << 29, 1 << 29] }, { k: 2, piles: [1 << 29, 1 << 29, 1] }, { k: 3, piles: [6, 5, 3, 0] }, { k: 2, piles: [6, 5, 3] }] },
    { cases: [{ k: 1, piles: Array<number>(MAX_N).fill(MAX_A) }] },
    {
      cases: [
        { k: MAX_N, piles: Array<number>(MAX_N).fill(0) },
        { k: MAX_N, piles: [...Array<number>(MAX_N - 1).fill(0), 1] },
        { k: MAX_N - 1, piles: Array<number>(MAX_N).fill(MAX_A) },
      ],
    },
    { cases: Array.from({ length: MAX_T }, (_, i) => ({ k: [1, 2, 3, 7, 99, 1000, 4, 5, 6, 49_999][i]!, piles: lcgPiles(MAX_N, i + 1, MAX_A) })) },
    {
      cases: Array.from({ length: MAX_T }, (_, i) => {
        const k = [1, 2, 3, 4, 9, 10, 100, 999, 50_000, 99_999][i]!;
        return { k, piles: makeLosing(lcgPiles(MAX_N, 1000 + i, MAX_A), k) };
      }),
    },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1\n2 3\n1 2\n', why: 'k above n' },
    { input: '1\n2 0\n1 2\n', why: 'k = 0' },
    { input: '1\n0 0\n\n', why: 'n = 0' },
    { input: '1\n1 1\n1000000001\n', why: 'pile above 10^9' },
    { input: '1\n1 1\n-1\n', why: 'negative pile' },
    { input: '11\n' + '1 1\n1\n'.repeat(11), why: 'T above 10' },
    { input: '1\n2\n1\n1 2\n', why: 'n and k on separate lines' },
    { input: '1\n2 1\n1 2 3\n', why: 'more piles than n' },
    { input: '1\n2 1\n1\n2\n', why: 'piles on separate lines' },
    { input: '1\n1 1\n1e9\n', why: 'exponent notation' },
  ],
});
