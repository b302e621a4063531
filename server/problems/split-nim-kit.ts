import * as fc from 'fast-check';
import { casesOf, formatCases, type SizeTable } from './kit';
import { validator } from './input-reader';
import { definePackage, type ProblemPackage, type Size } from './types';

// What `laskers-nim` and `three-way-split` share: Nim on T cases of piles, where a move may also
// split one pile into several non-empty piles. Both original formats are the same ("T, then per
// case N and a line of N piles") and so are the shapes that break wrong solutions: positions lost
// in the real game that plain Nim calls won and the other way round, piles at every residue of the
// period, and piles at the top of the range. Only the value of one pile differs.

/** Input of one file: the cases, each a list of piles. */
export type SplitNimInput = { cases: number[][] };

export interface SplitNimGame {
  slug: string;
  title: { en: string; zh: string };
  source: string;
  /** Largest pile (the original's bound). */
  maxPile: number;
  /** The Grundy value of one pile: an involution on the positive integers (it swaps pairs). */
  grundy: (pile: number) => number;
  /** The period of the swap pattern (4 or 8): hand-made cases cover every residue. */
  period: number;
  /** Largest pile at sizes tiny and small, where the literal search over piles must stay quick. */
  brutePiles: { tiny: number; small: number };
  /** Malformed inputs particular to this game, beside the ones every split-Nim package rejects. */
  invalidInputs: { input: string; why: string }[];
}

const MAX_T = 100;
/** Piles per file at most: the original allows 10^6 per case, ours 10^5 per file (judge time). */
export const MAX_TOTAL = 100_000;

/** Per size: cases per file, piles per case (the largest pile: the game's, or at tiny and small the brute's). */
const SHAPE: SizeTable<{ t: number; n: number }> = {
  tiny: { t: 3, n: 3 },
  small: { t: 5, n: 3 },
  medium: { t: 20, n: 100 },
  max: { t: MAX_T, n: MAX_TOTAL / MAX_T },
};

/** A small deterministic generator for hand-made cases (an LCG, not Math.random). */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

export function splitNimPackage(game: SplitNimGame): ProblemPackage<SplitNimInput> {
  const { maxPile, grundy, period } = game;
  const xorOf = (piles: number[]) => piles.reduce((x, p) => x ^ grundy(p), 0);

  /** `piles` plus one pile that makes the Grundy XOR 0, when such a pile is in range (else as is). */
  const lost = (piles: number[], top: number): number[] => {
    const x = xorOf(piles) >>> 0;
    // grundy is an involution, so the pile of value x is grundy(x).
    return x >= 1 && x <= top && grundy(x) <= top ? [...piles, grundy(x)] : piles;
  };

  function piles(size: Size): fc.Arbitrary<number[]> {
    const { n } = SHAPE[size];
    const top = size === 'tiny' || size === 'small' ? game.brutePiles[size] : maxPile;
    const exact = size === 'max';
    const any = fc.integer({ min: 1, max: top });
    // Piles just below a multiple of the period, where the value is not the pile: the cases plain
    // Nim gets wrong. Near the top of the range too, where 32-bit arithmetic ends.
    const swapped =
      top < period
        ? any
        : fc.tuple(fc.integer({ min: 0, max: Math.floor(top / period) - 1 }), fc.integer({ min: 0, max: 1 })).map(([k, d]) => Math.min(top, period * k + period - 1 + d));
    const high = fc.integer({ min: Math.max(1, top - 3 * period), max: top });
    const value = fc.oneof({ weight: 3, arbitrary: any }, { weight: 2, arbitrary: swapped }, { weight: 1, arbitrary: high });
    const len = { minLength: exact ? n : 1, maxLength: n, size: 'max' as const };
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(value, len) },
      // Lost positions, half the time: the last pile cancels the others.
      { weight: 3, arbitrary: fc.array(value, { ...len, minLength: Math.max(1, len.minLength - 1), maxLength: Math.max(1, n - 1) }).map((xs) => lost(xs, top)) },
      { weight: 1, arbitrary: value.map((v) => [v]) },
    );
  }

  /** `count` random piles whose Grundy XOR is 0 (the last pile fixes it), from a fixed seed. */
  const lostCase = (count: number, seed: number, top = maxPile): number[] => {
    const r = lcg(seed);
    for (;;) {
      const xs = Array.from({ length: count - 1 }, () => 1 + r(top));
      const out = lost(xs, top);
      if (out.length === count) return out;
    }
  };

  /** `count` piles, each k·period + period − 1 or k·period + period (value and pile differ). */
  const swapped = (count: number, seed: number): number[] => {
    const r = lcg(seed);
    return Array.from({ length: count }, () => period * r(Math.floor(maxPile / period) - 1) + period - 1 + r(2));
  };

  /** Piles k·period + period − 1 and k·period + period, paired with their plain-Nim look-alikes. */
  const swapCases = (seed: number, top: number): number[][] => {
    const r = lcg(seed);
    const out: number[][] = [];
    for (let i = 0; i < 12; i++) {
      const k = r(Math.floor(top / period) - 1);
      const p = period * k + period - 1 + r(2);
      // A lone swapped pile beside the pile of its value: lost, where Nim says won.
      out.push(r(2) ? [p, grundy(p)] : [grundy(p), p]);
      // The same pile twice: lost in both games.
      out.push([p, p]);
      // The pile with the pile Nim would cancel it with: won, where Nim says lost.
      out.push([p, p, ...lostCase(3, seed + i, top)]);
    }
    return out;
  };

  return definePackage<SplitNimInput>({
    slug: game.slug,
    title: game.title,
    source: game.source,
    limits: { timeMs: 1000, memoryMb: 256 },
    checker: 'tokens',
    arbitrary: (size) => casesOf(size, SHAPE[size].t, piles(size)).map((cases) => ({ cases })),
    format: ({ cases }) => formatCases(cases, (c) => `${c.length}\n${c.join(' ')}\n`),
    validate: validator((r) => {
      const t = r.int(1, MAX_T, 'T');
      r.eoln();
      let total = 0;
      for (let i = 0; i < t; i++) {
        const n = r.int(1, 1_000_000, 'N');
        r.eoln();
        total += n;
        if (total > MAX_TOTAL) r.fail(`more than ${MAX_TOTAL} piles in the file`);
        r.intsLine(n, 1, maxPile, 's');
      }
    }),
    bruteSizes: ['tiny', 'small'],
    edgeCases: () => [
      // Every pile alone up to four periods, then every pair of piles up to 10.
      { cases: Array.from({ length: 4 * period }, (_, i) => [i + 1]) },
      { cases: Array.from({ length: 100 }, (_, i) => [1 + Math.floor(i / 10), 1 + (i % 10)]) },
      // The largest piles, alone and beside the pile that cancels them.
      {
        cases: [
          [maxPile],
          [maxPile, maxPile],
          [maxPile - 1, maxPile - 2, maxPile - 3],
          [1, maxPile],
          ...[0, 1, 2, 3, 4, 5, 6, 7].map((d) => [maxPile - d, grundy(maxPile - d)]).filter((c) => c[1]! <= maxPile),
        ],
      },
      { cases: swapCases(1, 1000) },
      { cases: swapCases(2, maxPile) },
      { cases: Array.from({ length: 40 }, (_, i) => lostCase(2 + (i % 9), 100 + i, 40 + (i % 5) * 40)) },
      { cases: Array.from({ length: MAX_T }, (_, i) => (i % 2 ? lostCase(MAX_TOTAL / MAX_T, 200 + i) : lostCase(MAX_TOTAL / MAX_T - 1, 200 + i).concat(period - 1))) },
      // Pairs of piles equal below bit 16 (p and p + j·2^16: same residue, same low 16 bits of the
      // value), won; a store of 16 bits sees them cancel. Around 2^16 itself, then spread out.
      { cases: [[65535, 131071], [65536, 131072], [65537, 131073], [1, 65537], [3, 65539], [4, 65540], [65536, 65536], [1, 2, 65539]] },
      ...[1, 2].map((f) => ({ cases: Array.from({ length: 30 }, (_, i) => { const q = 1 + ((i * 7919 * f) % 65536); return [q, q + 65536 * (1 + ((i * f) % 9))]; }) })),
      // One case of 10^5 piles, all of them swapped ones, lost.
      { cases: [lost(swapped(MAX_TOTAL - 1, 7), maxPile)] },
    ],
    generated: [
      { size: 'tiny', count: 8 },
      { size: 'small', count: 10 },
      { size: 'medium', count: 5 },
      { size: 'max', count: 4 },
    ],
    invalidInputs: [
      { input: '1\n2\n1 1 1\n', why: 'more piles than N' },
      { input: '1\n2\n1\n', why: 'fewer piles than N' },
      { input: '1\n1\n0\n', why: 'an empty pile' },
      { input: `1\n1\n${maxPile + 1}\n`, why: 'a pile above the bound' },
      { input: '0\n', why: 'T = 0' },
      { input: `${MAX_T + 1}\n${'1\n1\n'.repeat(MAX_T + 1)}`, why: 'T above 100' },
      { input: '1\n1\n1\n1\n', why: 'trailing data after the last case' },
      { input: `2\n${MAX_TOTAL}\n${'1 '.repeat(MAX_TOTAL - 1)}1\n1\n1\n`, why: 'more than 10^5 piles in the file' },
      ...game.invalidInputs,
    ],
  });
}
