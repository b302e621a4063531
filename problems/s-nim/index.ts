import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One set S with its positions (each a list of heaps); `format` closes the file with `0`. */
type GameSet = { s: number[]; positions: number[][] };
type Input = { sets: GameSet[] };

const MAX_K = 100;
const MAX_S = 10_000;
const MAX_M = 100;
const MAX_L = 100;
const MAX_H = 10_000;
/** The original gives no bound on the number of sets; this package allows 10 per file. */
const MAX_SETS = 10;

/** Per size: sets per file, |S|, largest move, positions per set, heaps per position, largest heap. */
const SHAPE: SizeTable<{ sets: number; k: number; s: number; m: number; l: number; h: number }> = {
  tiny: { sets: 2, k: 3, s: 5, m: 3, l: 3, h: 10 },
  // Moves up to 12 beside heaps up to 14: two-digit moves, which a string sort puts first.
  small: { sets: 3, k: 3, s: 12, m: 4, l: 3, h: 14 },
  medium: { sets: 5, k: 20, s: 300, m: 30, l: 30, h: 2000 },
  // Three full sets (3·10^4 heaps) keep a maximal file quick for the reference; the validator allows ten.
  max: { sets: 3, k: MAX_K, s: MAX_S, m: MAX_M, l: MAX_L, h: MAX_H },
};

function moveSet(size: Size): fc.Arbitrary<number[]> {
  const { k, s } = SHAPE[size];
  const move = fc.integer({ min: 1, max: s });
  const list = fc.array(move, { minLength: 1, maxLength: k, size: 'max' });
  return fc.oneof(
    // Unsorted, as the original gives it: a loop that stops at the first move larger than the heap
    // (or sorts the moves as strings) misses the smaller moves listed after it.
    { weight: 5, arbitrary: list },
    { weight: 1, arbitrary: list.map((xs) => [...xs].sort((a, b) => b - a)) },
    // Moves of different digit counts, where a default (string) sort puts 10 before 9.
    // (One move is added to the list, so the list holds at most k - 1: k may be 100 at size max.)
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: Math.min(9, s) }), fc.array(move, { minLength: 1, maxLength: Math.max(1, k - 1), size: 'max' })).map(([d, xs]) => [...xs, d]) },
    { weight: 1, arbitrary: fc.tuple(move, fc.constant(1)).map(([a, b]) => [a, b]) },
  );
}

function position(size: Size): fc.Arbitrary<number[]> {
  const { l, h } = SHAPE[size];
  // The largest heap allowed is its own case (from size medium on): a table one entry short reads it
  // as value 0.
  const heap = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: h }) }, { weight: 1, arbitrary: fc.constant(size === 'medium' ? MAX_H : h) });
  return fc.array(heap, { minLength: size === 'max' ? l : 1, maxLength: l, size: 'max' });
}

function gameSet(size: Size): fc.Arbitrary<GameSet> {
  return fc.record({ s: moveSet(size), positions: casesOf(size, SHAPE[size].m, position(size)) });
}

/** Deterministic pseudo-random values (a fixed LCG, not Math.random) for the hand-made files. */
function lcg(count: number, seed: number, max: number, min = 0): number[] {
  const out: number[] = [];
  let x = seed >>> 0;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(min + ((x >>> 8) % (max - min + 1)));
  }
  return out;
}

/** A maximal set: 100 positions of 100 heaps, a tenth of them of the largest size. */
function fullSet(s: number[], seed: number): GameSet {
  return {
    s,
    positions: Array.from({ length: MAX_M }, (_, i) => lcg(MAX_L, seed + i, MAX_H).map((v, j) => ((i + j) % 10 === 0 ? MAX_H : v))),
  };
}

/** The moves 1..k in a shuffled order: values n mod (k + 1), up to k (100 at k = 100). */
function allMovesTo(k: number, seed: number): number[] {
  const order = lcg(k, seed, 1 << 20);
  return Array.from({ length: k }, (_, i) => i + 1).sort((a, b) => order[a - 1]! - order[b - 1]! || a - b);
}

export default definePackage<Input>({
  slug: 's-nim',
  title: { en: 'S-Nim', zh: 'S-Nim' },
  source: 'HDU 1536 S-Nim (POJ 2960, NCPC 2004)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].sets, gameSet(size)).map((sets) => ({ sets })),
  format: ({ sets }) =>
    `${sets
      .map(({ s, positions }) => `${s.length} ${s.join(' ')}\n${positions.length}\n${positions.map((p) => `${p.length} ${p.join(' ')}\n`).join('')}`)
      .join('')}0\n`,
  validate: validator((r) => {
    for (let sets = 0; ; sets++) {
      const k = r.int(0, MAX_K, 'k');
      if (k === 0) {
        if (sets === 0) r.fail('expected at least one set before the closing 0');
        r.eoln();
        return;
      }
      if (sets === MAX_SETS) r.fail(`more than ${MAX_SETS} sets before the closing 0`);
      for (let i = 0; i < k; i++) {
        r.space();
        r.int(1, MAX_S, `s[${i + 1}]`);
      }
      r.eoln();
      const m = r.int(1, MAX_M, 'm');
      r.eoln();
      for (let i = 0; i < m; i++) {
        const l = r.int(1, MAX_L, 'l');
        for (let j = 0; j < l; j++) {
          r.space();
          r.int(0, MAX_H, `h[${j + 1}]`);
        }
        r.eoln();
      }
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // The smallest: S = {1} (plain Nim on heaps of 0 and 1), and a move larger than every heap.
    { sets: [{ s: [1], positions: [[0], [1], [1, 1], [0, 0, 1]] }, { s: [MAX_S], positions: [[MAX_H], [MAX_H - 1, 5], [0]] }] },
    // Moves listed largest first, and moves of one and several digits.
    {
      sets: [
        { s: [9, 4, 1], positions: [[20, 7], [13], [5, 5, 9], [100, 99, 98]] },
        { s: [10, 9, 3], positions: [[12], [19], [22, 21], [13, 10, 9]] },
        { s: [12, 100, 7, 2], positions: [[14], [101, 3], [55, 56, 57], [99]] },
      ],
    },
    // Every heap 0..60 alone under three sets, so a table off by one shows at once.
    { sets: [[2, 5], [3, 4, 7], [11, 2, 5]].map((s) => ({ s, positions: Array.from({ length: 61 }, (_, h) => [h]) })) },
    // Heaps of exactly 10000 beside smaller ones, under sets whose value at 10000 is not 0.
    {
      sets: [
        { s: [1, 3, 4], positions: [[MAX_H], [MAX_H, 1], [MAX_H, MAX_H], [MAX_H, 2, 3], [MAX_H - 1], [MAX_H, MAX_H - 1]] },
        { s: [7, 2], positions: [[MAX_H], [MAX_H, 3], [MAX_H, MAX_H, MAX_H], [9999, MAX_H]] },
        { s: [MAX_S, 1], positions: [[MAX_H], [MAX_H, 0], [MAX_H, 1]] },
      ],
    },
    // Large files: sets of 100 unsorted moves (large ones, small ones, one huge beside small ones),
    // 100 positions of 100 heaps each; ten sets of small positions, the most sets allowed.
    { sets: Array.from({ length: 3 }, (_, i) => fullSet(lcg(MAX_K, 100 + i, MAX_S, 1), 1000 * i)) },
    { sets: Array.from({ length: 3 }, (_, i) => fullSet(lcg(MAX_K, 200 + i, 60, 1), 5000 + 1000 * i)) },
    { sets: Array.from({ length: 3 }, (_, i) => fullSet([MAX_S - i, ...lcg(9, 300 + i, 12, 1)], 9000 + 1000 * i)) },
    // Grundy values of 65 and more (a 64-entry mark array caps them at 64), in three files: sets of
    // every move up to 100, 80 and 65 (values n mod 101, 81, 66).
    { sets: [100, 80, 65].map((k, i) => fullSet(allMovesTo(k, 500 + i), 20000 + 1000 * i)) },
    { sets: [66, 100, 90].map((k, i) => fullSet(allMovesTo(k, 510 + i), 24000 + 1000 * i)) },
    { sets: [100, 70, 99].map((k, i) => ({ s: allMovesTo(k, 520 + i), positions: Array.from({ length: MAX_M }, (_, j) => lcg(1 + (j % 5), 28000 + 100 * i + j, MAX_H)) })) },
    // The most work allowed: ten full sets of 100 large moves, so a table rebuilt for every position
    // (10^6 steps each, 1000 positions) needs seconds.
    { sets: Array.from({ length: MAX_SETS }, (_, i) => fullSet(lcg(MAX_K, 600 + i, MAX_S, 1), 30000 + 1000 * i)) },
    { sets: Array.from({ length: MAX_SETS }, (_, i) => ({ s: lcg(1 + i, 400 + i, 30, 1), positions: Array.from({ length: 10 }, (_, j) => lcg(3, 50 * i + j, MAX_H)) })) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '2 2 5\n1\n1 3\n', why: 'no closing 0' },
    { input: '0\n', why: 'no set at all' },
    { input: '2 2 5\n1\n1 3\n0\n1 1\n', why: 'data after the closing 0' },
    { input: '2 2\n1\n1 3\n0\n', why: 'fewer moves than k' },
    { input: '1 0\n1\n1 3\n0\n', why: 'a move of 0' },
    { input: '1 10001\n1\n1 3\n0\n', why: 'a move above 10000' },
    { input: '1 2\n0\n0\n', why: 'm = 0' },
    { input: '1 2\n1\n0\n0\n', why: 'a position of no heaps' },
    { input: '1 2\n1\n2 3\n0\n', why: 'fewer heaps than l' },
    { input: '1 2\n1\n1 10001\n0\n', why: 'a heap above 10000' },
    { input: '101' + ' 1'.repeat(101) + '\n1\n1 3\n0\n', why: 'k above 100' },
    { input: '1 2\n1\n1 3\n'.repeat(MAX_SETS + 1) + '0\n', why: 'more than 10 sets' },
  ],
});
