import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One test case: the games played at once, each a pair of piles (p, q). */
type Pair = [number, number];
type Input = { cases: Pair[][] };

const MAX_N = 1000;
const MAX_V = 1000;
const MAX_CASES = 100;

/** Per size: test cases per file, games per case, largest pile. */
const SHAPE: SizeTable<{ cases: number; n: number; v: number }> = {
  tiny: { cases: 2, n: 3, v: 8 },
  small: { cases: 3, n: 3, v: 12 },
  medium: { cases: 10, n: 100, v: MAX_V },
  // Twenty full cases (2·10^4 games) keep a maximal file small; the validator allows a hundred.
  max: { cases: 20, n: MAX_N, v: MAX_V },
};

const FIB = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987];

function game(size: Size): fc.Arbitrary<Pair> {
  const { v } = SHAPE[size];
  const pile = fc.integer({ min: 1, max: v });
  const fibs = FIB.filter((f) => f <= v);
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(pile, pile) },
    // Equal piles, a pile of 1, a multiple (won in one move), and neighbouring Fibonacci numbers
    // (the longest games: every move is forced).
    { weight: 1, arbitrary: pile.map((x): Pair => [x, x]) },
    { weight: 1, arbitrary: pile.chain((x) => fc.constantFrom<Pair>([1, x], [x, 1])) },
    { weight: 1, arbitrary: fc.tuple(pile, fc.integer({ min: 2, max: 9 })).map(([x, k]): Pair => (x * k <= v ? [x, x * k] : [x, x])) },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: fibs.length - 2 }), fc.boolean()).map(([i, s]): Pair => (s ? [fibs[i]!, fibs[i + 1]!] : [fibs[i + 1]!, fibs[i]!])) },
  );
}

/** Deterministic pseudo-random piles in [1, v] (a fixed LCG, not Math.random). */
function lcgPairs(count: number, seed: number, v: number): Pair[] {
  const out: Pair[] = [];
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return 1 + ((x >>> 8) % v);
  };
  for (let i = 0; i < count; i++) out.push([next(), next()]);
  return out;
}

export default definePackage<Input>({
  slug: 'every-sg',
  title: { en: 'GG and MM', zh: 'GG 和 MM' },
  source: 'HDU 3595 GG and MM',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].cases, fc.array(game(size), { minLength: size === 'max' ? SHAPE[size].n : 1, maxLength: SHAPE[size].n, size: 'max' })).map((cases) => ({ cases })),
  format: ({ cases }) => cases.map((games) => `${games.length}\n${games.map(([p, q]) => `${p} ${q}\n`).join('')}`).join(''),
  validate: validator((r) => {
    let cases = 0;
    do {
      if (++cases > MAX_CASES) r.fail(`more than ${MAX_CASES} test cases`);
      const n = r.int(1, MAX_N, 'n');
      r.eoln();
      for (let i = 0; i < n; i++) {
        r.int(1, MAX_V, 'p');
        r.space();
        r.int(1, MAX_V, 'q');
        r.eoln();
      }
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // One game each: equal piles, a multiple, a forced chain, the longest chain, a pile of 1.
    { cases: [[[1, 1]], [[2, 4]], [[3, 2]], [[987, 610]], [[1, MAX_V]], [[MAX_V, MAX_V]], [[MAX_V, 999]]] },
    // Two games won in one move each: MM ends both at once (an XOR of win/lose says GG).
    { cases: [[[1, 1], [1, 1]], [[2, 2], [5, 10]], [[7, 7], [1, 3], [4, 8], [9, 9]]] },
    // A game won in one move beside a lost game that lasts two: GG wins ("some game is won" says MM).
    { cases: [[[1, 1], [3, 2]], [[4, 4], [2, 3]], [[5, 10], [8, 5]], [[6, 6], [13, 8]]] },
    // Won games where the winner must go the long way, (x, x + r) instead of (r, x): 3 steps, not 2.
    { cases: [[[2, 7]], [[3, 11]], [[2, 7], [3, 2]], [[3, 11], [5, 3]], [[5, 17], [2, 3]], [[7, 30], [8, 5]]] },
    // Every pair up to 12 × 12, one game per case, then in threes.
    { cases: Array.from({ length: 100 }, (_, i): Pair[] => [[1 + Math.floor(i / 10), 1 + (i % 10)]]) },
    { cases: Array.from({ length: 48 }, (_, i): Pair[] => Array.from({ length: 3 }, (_, j): Pair => [1 + ((i * 3 + j) % 12), 1 + (Math.floor((i * 3 + j) / 12) % 12)])) },
    // Maximal files: random piles; long Fibonacci chains beside short games; piles of 1 and 1000.
    { cases: Array.from({ length: 20 }, (_, i) => lcgPairs(MAX_N, 7 + i, MAX_V)) },
    { cases: Array.from({ length: 20 }, (_, i) => lcgPairs(MAX_N, 100 + i, 40).map(([p, q], j): Pair => (j === i * 37 ? [FIB[(i % 13) + 1]!, FIB[(i % 13) + 2]!] : [p, q]))) },
    { cases: Array.from({ length: 20 }, (_, i) => Array.from({ length: MAX_N }, (_, j): Pair => (j % 2 ? [1 + (i % 3), MAX_V - (j % 7)] : [MAX_V - (j % 5), 1 + (i % 2)]))) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 4 },
    { size: 'max', count: 3 },
  ],
  invalidInputs: [
    { input: '2\n1 1\n', why: 'fewer games than n' },
    { input: '1\n0 1\n', why: 'an empty pile' },
    { input: '1\n1 1001\n', why: 'a pile above 1000' },
    { input: '0\n', why: 'n = 0' },
    { input: '1001\n' + '1 1\n'.repeat(1001), why: 'n above 1000' },
    { input: '1\n1 1 1\n', why: 'three numbers for one game' },
    { input: '1\n1 1\n\n1\n1 1\n', why: 'a blank line between test cases' },
    { input: '1\n1 1\n'.repeat(MAX_CASES + 1), why: 'more than 100 test cases' },
  ],
});
