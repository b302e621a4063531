import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';
import { isqrt } from '../../reference/wythoff/fast';

type Pair = [number, number];
/** One pair of piles per line, to the end of the input. */
type Input = { pairs: Pair[] };

const MAX_V = 1_000_000_000;
/** The original gives no bound on the number of lines; this package allows 10^4. */
const MAX_LINES = 10_000;

/** Per size: lines per file, largest pile. */
const SHAPE: SizeTable<{ lines: number; v: number }> = {
  tiny: { lines: 4, v: 12 },
  small: { lines: 10, v: 40 },
  // Medium files reach 10^9 too (a random run at this size finds the mistakes only large pairs reveal).
  medium: { lines: 500, v: MAX_V },
  max: { lines: MAX_LINES, v: MAX_V },
};

/**
 * Differences k = b − a where the double-precision Math.floor(k * (1 + Math.sqrt(5)) / 2) is not
 * ⌊kφ⌋ (found by checking every k ≤ 10^9 against the exact integer formula; the test file checks
 * each one again), among those whose cold pair (⌊kφ⌋, ⌊kφ⌋ + k) stays within 10^9. There kφ lies
 * within 10^-8 of an integer, closer than a double can tell.
 */
export const FLOAT_TRAPS: readonly number[] = [
  102334155, 141422324, 180510493, 204668310, 219598662, 243756479, 267914296, 282844648, 307002465, 321932817, 336863169, 346090634,
  361020986, 370248451,
];

/**
 * Differences k where a golden ratio typed with 14 significant digits is off: 1.61803398874989
 * (below φ by 5·10^-15) rounds ⌊kφ⌋ down at 340 k of the cold pairs below 10^9, 1.6180339887499
 * (above φ) rounds it up at 387; every sixth of each list (each checked against the exact formula by
 * test/problems/wythoff.test.ts). A stored test holds each kind in three files, so a
 * constant off in either direction fails at least three.
 */
export const PHI_BELOW_TRAPS: readonly number[] = [
  24157817, 61067677, 79522607, 94452959, 107205002, 118610776, 127838241, 137065706, 146293171, 154174367, 162569792, 169104719,
  176153875, 183203031, 189737958, 196787114, 203836270, 210885426, 216588313, 223123240, 228826127, 233696974, 239399861, 245102748,
  250805635, 255676482, 260547329, 265735987, 270606834, 275477681, 279834299, 284705146, 289061764, 293418382, 297457189, 301813807,
  306170425, 310527043, 314565850, 318090428, 322447046, 325971624, 330328242, 333852820, 337377398, 340901976, 344426554, 348783172,
  352307750, 355318099, 358842677, 362367255, 365891833, 369416411, 372940989, 376465567, 379475916,
];
export const PHI_ABOVE_TRAPS: readonly number[] = [
  14930352, 54018521, 71127182, 86057534, 98809577, 108037042, 118096547, 127324012, 136551477, 143600633, 151481829, 158530985,
  166412181, 173461337, 179996264, 185699151, 191916267, 197619154, 203322041, 207678659, 213381546, 219084433, 223955280, 228311898,
  234014785, 238885632, 243242250, 247598868, 251637675, 256826333, 260865140, 265221758, 268746336, 273102954, 277459572, 281498379,
  285022957, 288865346, 292904153, 297260771, 300785349, 304309927, 307834505, 311359083, 314883661, 318726050, 322250628, 325775206,
  329299784, 333338591, 336863169, 339873518, 343398096, 346408445, 349933023, 352625561, 356150139, 359674717, 362685066, 365695415,
  368902182, 371398302, 374605069, 377615418, 380625767,
];

/** ⌊kφ⌋ exactly: (k + ⌊√(5k²)⌋) / 2 rounded down, in integers. */
export function coldA(k: number): number {
  const b = BigInt(k);
  return Number((b + isqrt(5n * b * b)) / 2n);
}

/** The k-th cold pair (losing for the player to move), smaller pile first. */
const cold = (k: number): Pair => [coldA(k), coldA(k) + k];
const swap = ([a, b]: Pair): Pair => [b, a];
/** The largest k whose cold pair fits under v. */
const maxK = (v: number) => Math.floor(v / 2.618034) - 1;

function pair(size: Size): fc.Arbitrary<Pair> {
  const { v } = SHAPE[size];
  const any = fc.integer({ min: 0, max: v });
  const k = fc.integer({ min: 0, max: maxK(v) });
  const coldPair = k.map(cold);
  const shapes: fc.WeightedArbitrary<Pair>[] = [
    { weight: 4, arbitrary: fc.tuple(any, any) },
    // Cold pairs in either order, and their neighbours (one stone more or less on a pile).
    { weight: 4, arbitrary: fc.tuple(coldPair, fc.boolean()).map(([p, s]) => (s ? swap(p) : p)) },
    {
      weight: 2,
      arbitrary: fc.tuple(coldPair, fc.integer({ min: 0, max: 3 })).map(([[a, b], d]): Pair => {
        const moved: Pair = d === 0 ? [a + 1, b] : d === 1 ? [a, b + 1] : d === 2 ? [a, b - 1] : [Math.max(0, a - 1), b];
        return [Math.max(0, Math.min(moved[0], v)), Math.max(0, Math.min(moved[1], v))];
      }),
    },
    { weight: 1, arbitrary: any.map((x): Pair => [x, x]) },
    { weight: 1, arbitrary: any.chain((x) => fc.constantFrom<Pair>([0, x], [x, 0])) },
  ];
  // Near 10^9 only: the cold pairs where a double-precision golden ratio is off by one, and the
  // pairs it takes for cold instead.
  if (v === MAX_V) {
    const trap = fc.constantFrom(...FLOAT_TRAPS, ...PHI_BELOW_TRAPS, ...PHI_ABOVE_TRAPS);
    shapes.push({ weight: 1, arbitrary: trap.map(cold) });
    shapes.push({ weight: 1, arbitrary: trap.map((t): Pair => [Math.floor((t * (1 + Math.sqrt(5))) / 2), Math.floor((t * (1 + Math.sqrt(5))) / 2) + t]) });
  }
  return fc.oneof(...shapes);
}

/** Deterministic pseudo-random numbers in [0, max] (a fixed LCG, not Math.random). */
function lcg(count: number, seed: number, max: number): number[] {
  const out: number[] = [];
  let x = seed >>> 0;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const hi = x;
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(((hi >>> 6) * 1024 + (x >>> 22)) % (max + 1));
  }
  return out;
}

/** Every float trap as its cold pair (both orders) and as the pair the double formula would name. */
/** The third part of both constant-trap lists, as cold pairs in both orders and their neighbours. */
function phiTrapPairs(part: number): Pair[] {
  return [...PHI_BELOW_TRAPS, ...PHI_ABOVE_TRAPS]
    .filter((_, i) => i % 3 === part)
    .flatMap((t): Pair[] => [cold(t), swap(cold(t)), [coldA(t) - 1, coldA(t) - 1 + t], [coldA(t) + 1, coldA(t) + 1 + t]]);
}

function trapPairs(): Pair[] {
  return FLOAT_TRAPS.flatMap((t) => {
    const wrong = Math.floor((t * (1 + Math.sqrt(5))) / 2);
    return [cold(t), swap(cold(t)), [wrong, wrong + t] as Pair];
  });
}

export default definePackage<Input>({
  slug: 'wythoff',
  title: { en: "Wythoff's Game", zh: '取石子游戏（威佐夫博弈）' },
  source: 'POJ 1067 取石子游戏 (also HDU 1527)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].lines, pair(size)).map((pairs) => ({ pairs })),
  format: ({ pairs }) => pairs.map(([a, b]) => `${a} ${b}\n`).join(''),
  validate: validator((r) => {
    let lines = 0;
    do {
      if (++lines > MAX_LINES) r.fail(`more than ${MAX_LINES} lines`);
      r.int(0, MAX_V, 'a');
      r.space();
      r.int(0, MAX_V, 'b');
      r.eoln();
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { pairs: [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 1], [0, MAX_V], [MAX_V, MAX_V], [MAX_V, 0]] },
    // Every pair up to 40 × 40: the part of the table a search can check.
    { pairs: Array.from({ length: 41 * 41 }, (_, i): Pair => [Math.floor(i / 41), i % 41]) },
    // The first 2000 cold pairs, in both orders, beside their neighbours.
    { pairs: Array.from({ length: 2000 }, (_, k) => cold(k)).flatMap((p): Pair[] => [p, swap(p), [p[0], p[1] + 1], [p[0] + 1, p[1] + 1]]) },
    // The float traps alone, then among large cold pairs, then in a maximal file near 10^9.
    { pairs: trapPairs() },
    { pairs: [...trapPairs(), ...lcg(300, 7, maxK(MAX_V)).map(cold)] },
    { pairs: [...lcg(MAX_LINES - 3 * FLOAT_TRAPS.length, 11, maxK(MAX_V)).map((k, i) => (i % 2 ? swap(cold(k)) : cold(k))), ...trapPairs()] },
    // A golden ratio typed to 14 digits, slightly below or above φ: three files of each direction.
    { pairs: phiTrapPairs(0) },
    { pairs: phiTrapPairs(1) },
    { pairs: [...phiTrapPairs(2), ...lcg(300, 19, maxK(MAX_V)).map(cold)] },
    // Maximal files of the largest values: cold pairs with b near 10^9, and pairs close to (10^9, 10^9).
    { pairs: Array.from({ length: MAX_LINES }, (_, i) => cold(maxK(MAX_V) - i)) },
    { pairs: lcg(MAX_LINES, 13, 5000).map((d, i): Pair => [MAX_V - d, MAX_V - ((d * 7 + i) % 5000)]) },
    // Cold pairs just above 10^6, where a table of the first million stops.
    { pairs: lcg(MAX_LINES, 17, 3_000_000).map((k, i) => (i % 3 ? cold(400_000 + k) : swap(cold(400_000 + k)))) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '1 2 3\n', why: 'three numbers on a line' },
    { input: '1\n2\n', why: 'a and b on separate lines' },
    { input: '-1 2\n', why: 'negative a' },
    { input: '1 1000000001\n', why: 'b above 10^9' },
    { input: '1 2\n\n3 5\n', why: 'a blank line between pairs' },
    { input: '0 0\n'.repeat(MAX_LINES + 1), why: 'more than 10^4 lines' },
  ],
});
