import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One file: the games, each the list of head-up positions as given (repeats included). */
type Input = { games: number[][] };

const MAX_N = 100;
const MAX_POS = 99_999_999;
/** The original reads games to the end of the input without a bound; ours is 1000 per file. */
const MAX_GAMES = 1000;

/** Per size: games per file, positions per game, largest position. */
const SHAPE: SizeTable<{ games: number; n: number; pos: number }> = {
  tiny: { games: 3, n: 4, pos: 5 },
  small: { games: 5, n: 6, pos: 9 },
  medium: { games: 100, n: MAX_N, pos: MAX_POS },
  max: { games: MAX_GAMES, n: MAX_N, pos: MAX_POS },
};

/** The value of one head at x: 2x or 2x + 1, whichever has an odd number of ones. */
const grundy = (x: number): number => {
  let ones = 0;
  for (let v = x; v > 0; v >>>= 1) ones += v & 1;
  return 2 * x + (ones % 2 === 0 ? 1 : 0);
};

/**
 * Distinct positions plus, when one exists in range, the position that makes the XOR 0. An odd
 * number of values (each with an odd number of ones) XORs to a value of one position, v >> 1.
 */
function lost(distinct: number[], top: number): number[] {
  const v = distinct.reduce((x, p) => x ^ grundy(p), 0);
  const last = v >>> 1;
  return distinct.length % 2 === 1 && last <= top && !distinct.includes(last) ? [...distinct, last] : distinct;
}

/** Repeats some positions (a repeat is the same head, not a second one) and shuffles the list. */
function withRepeats([list, repeats, order]: [number[], number[], number[]], most: number): number[] {
  const out = [...list];
  for (const r of repeats) if (out.length < most && list.length > 0) out.push(list[r % list.length]!);
  const keys = out.map((_, i) => order[i % Math.max(1, order.length)]! * 1000 + i);
  return out.map((p, i) => [p, keys[i]!] as const).sort((a, b) => a[1] - b[1]).map(([p]) => p);
}

function game(size: Size): fc.Arbitrary<number[]> {
  const { n, pos } = SHAPE[size];
  const position = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: pos }) }, { weight: 1, arbitrary: fc.integer({ min: Math.max(0, pos - 40), max: pos }) });
  const distinct = fc.uniqueArray(position, { minLength: 0, maxLength: n, size: 'max' });
  const repeats = fc.array(fc.nat(), { maxLength: Math.max(1, Math.floor(n / 4)), size: 'max' });
  const order = fc.array(fc.nat({ max: 999 }), { maxLength: n, size: 'max' });
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(distinct, repeats, order).map((t) => withRepeats(t, n)) },
    // Lost games, with repeats that must not change the answer.
    { weight: 2, arbitrary: fc.tuple(distinct.map((d) => lost(d.slice(0, Math.max(0, n - 1)), pos)), repeats, order).map((t) => withRepeats(t, n)) },
    { weight: 1, arbitrary: fc.tuple(distinct, order).map(([d, o]) => withRepeats([d, [], o], n)) },
  );
}

/** A fixed LCG for hand-made games. */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

/** Lost games of `count` distinct heads (count even, at least 4: two values never cancel) with repeats spread apart. */
function lostGame(count: number, repeats: number, seed: number, top = MAX_POS): number[] {
  const r = lcg(seed);
  for (;;) {
    const d = [...new Set(Array.from({ length: count - 1 }, () => r(top + 1)))];
    const g = lost(d, top);
    if (g.length !== count) continue;
    return withRepeats([g, Array.from({ length: repeats }, () => r(count)), Array.from({ length: count + repeats }, () => r(1000))], MAX_N);
  }
}

/** The games with one position written twice (and another thrice), far apart: won, lost. */
function repeatTraps(seed: number): number[][] {
  const r = lcg(seed);
  const out: number[][] = [];
  for (let i = 0; i < 20; i++) {
    const g = lostGame(4 + 2 * r(4), 0, seed * 100 + i);
    // The lost game with its first head written again at the end, far from the first: still lost.
    out.push([...g, g[0]!]);
    // A single head written twice: won (XOR-ing every number given would cancel it).
    const x = r(MAX_POS + 1);
    out.push([x, x]);
  }
  return out;
}

export default definePackage<Input>({
  slug: 'mock-turtles',
  title: { en: "Daizhenyang's Coin", zh: '翻硬币（Daizhenyang’s Coin）' },
  source: "HDU 3537 Daizhenyang's Coin (Mock Turtles)",
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].games, game(size)).map((games) => ({ games })),
  format: ({ games }) => games.map((g) => (g.length === 0 ? '0\n' : `${g.length}\n${g.join(' ')}\n`)).join(''),
  validate: validator((r) => {
    let games = 0;
    do {
      if (++games > MAX_GAMES) r.fail(`more than ${MAX_GAMES} games`);
      const n = r.int(0, MAX_N, 'n');
      r.eoln();
      if (n > 0) r.intsLine(n, 0, MAX_POS, 'a');
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // One head at each of the first 64 coins, then every pair of heads among the first 12.
    { games: Array.from({ length: 64 }, (_, x) => [x]) },
    { games: Array.from({ length: 144 }, (_, i) => [Math.floor(i / 12), i % 12]) },
    { games: [[], [MAX_POS], [MAX_POS, MAX_POS], [MAX_POS, MAX_POS - 1, MAX_POS - 2, MAX_POS - 3], [0, 0, 0], []] },
    { games: repeatTraps(1) },
    { games: Array.from({ length: 60 }, (_, i) => (i % 2 ? lostGame(4 + 2 * (i % 7), i % 7, 10 + i, 30) : lostGame(4 + 2 * (i % 30), i % 7, 10 + i))) },
    // Each head written twice, in two far-apart runs: the XOR of everything given is 0, the game is won.
    {
      games: Array.from({ length: 50 }, (_, i) => {
        const r = lcg(500 + i);
        const d = [...new Set(Array.from({ length: 1 + 2 * r(25) }, () => r(MAX_POS + 1)))];
        return [...d, ...d];
      }),
    },
    { games: Array.from({ length: MAX_GAMES }, (_, i) => lostGame(MAX_N - 10, 10, 2000 + i)) },
    { games: Array.from({ length: MAX_GAMES }, (_, i) => (i % 3 === 0 ? [] : i % 3 === 1 ? lostGame(MAX_N, 0, 5000 + i) : [...lostGame(50, 0, 9000 + i), ...lostGame(50, 0, 9000 + i)])) },
  ],
  generated: [
    { size: 'tiny', count: 8 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '2\n1 2 3\n', why: 'more positions than n' },
    { input: '3\n1 2\n', why: 'fewer positions than n' },
    { input: '1\n100000000\n', why: 'a position of 10^8' },
    { input: '1\n-1\n', why: 'a negative position' },
    { input: '101\n' + Array.from({ length: 101 }, (_, i) => i).join(' ') + '\n', why: 'n above 100' },
    { input: '0\n\n', why: 'an empty line after n = 0' },
    { input: '0\n'.repeat(MAX_GAMES + 1), why: 'more than 1000 games' },
    { input: '2\n1\n2\n', why: 'positions on separate lines' },
  ],
});
