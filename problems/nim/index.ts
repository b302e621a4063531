import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { cases: number[][] };

const MAX_A = 9999;

/** Per size: cases per file, piles per case, largest pile. */
const SHAPE: SizeTable<{ t: number; n: number; a: number }> = {
  tiny: { t: 3, n: 3, a: 4 },
  small: { t: 5, n: 5, a: 15 },
  medium: { t: 10, n: 200, a: MAX_A },
  max: { t: 10, n: 10_000, a: MAX_A },
};

function piles(size: Size): fc.Arbitrary<number[]> {
  const { n, a } = SHAPE[size];
  const value = fc.integer({ min: 0, max: a });
  const exact = size === 'max';
  const len = { minLength: exact ? n : 1, maxLength: n, size: 'max' as const };
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(value, len) },
    // Shapes that break wrong solutions: equal piles, all odd, a single pile, a losing position.
    { weight: 1, arbitrary: fc.tuple(value, fc.integer({ min: 1, max: n })).map(([v, k]) => Array<number>(k).fill(v)) },
    { weight: 1, arbitrary: fc.array(value.map((v) => v | 1).filter((v) => v <= a), len) },
    { weight: 1, arbitrary: value.map((v) => [v]) },
    {
      weight: 2,
      arbitrary: fc.array(value, { ...len, minLength: Math.max(1, len.minLength - 1), maxLength: Math.max(1, n - 1) }).map((xs) => {
        const x = xs.reduce((s, v) => s ^ v, 0);
        return x <= a ? [...xs, x] : xs;
      }),
    },
  );
}

/** Deterministic pseudo-random piles for hand-made cases (a fixed LCG, not Math.random). */
function lcgPiles(count: number, seed: number, max: number): number[] {
  const out: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push((s >>> 8) % (max + 1));
  }
  return out;
}

/** `count` piles (count >= 2) whose XOR is exactly `target`: random piles, the last one fixing the XOR. */
function withXor(count: number, target: number, seed: number): number[] {
  for (let s = seed; ; s += 7919) {
    const rest = lcgPiles(count - 1, s, MAX_A);
    const last = rest.reduce((x, v) => x ^ v, target);
    if (last <= MAX_A) return [...rest, last];
  }
}

/**
 * Games decided only by high bits, beside look-alikes that are lost: a program that keeps 8 bits
 * of a pile (a Uint8Array) or counts bits 0..12 only (9999 needs bit 13) sees XOR 0 where it is
 * not. One file per pile count, so each truncation fails several tests.
 */
function truncationCases(n: number, seed: number): number[][] {
  return [
    withXor(n, 1 << 13, seed),
    withXor(n, 256, seed + 1),
    withXor(n, (1 << 13) | (1 << 8) | (1 << 11), seed + 2),
    withXor(n, 0, seed + 3),
    withXor(n, 512, seed + 4),
    withXor(n, 1, seed + 5),
  ];
}

export default definePackage<Input>({
  slug: 'nim',
  title: { en: 'Nim', zh: 'Nim 游戏' },
  source: 'Luogu P2197 【模板】Nim 游戏',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, piles(size)).map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (c) => `${c.length}\n${c.join(' ')}\n`),
  validate: casesValidator(10, (r) => {
    const n = r.int(1, 10_000, 'n');
    r.eoln();
    r.intsLine(n, 0, MAX_A, 'a');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { cases: [[0]] },
    { cases: [[MAX_A]] },
    { cases: [[0, 0, 0], [1, 1], [7, 7, 7, 7]] },
    { cases: [[1, 2, 3], [4, 8, 12], [MAX_A, MAX_A]] },
    { cases: Array.from({ length: 10 }, (_, i) => Array<number>(10_000).fill(i % 2 ? MAX_A : 1)) },
    { cases: [Array.from({ length: 10_000 }, (_, i) => i % (MAX_A + 1))] },
    // One pile of 2^13 or 2^8, the largest pile beside its high bit alone, and their lost twins.
    { cases: [[1 << 13], [256], [MAX_A, MAX_A ^ (1 << 13)], [MAX_A, MAX_A ^ 256], [1 << 13, 1 << 13], [MAX_A, MAX_A]] },
    { cases: truncationCases(2, 11) },
    { cases: truncationCases(7, 23) },
    { cases: truncationCases(300, 37) },
    { cases: [...truncationCases(10_000, 41), ...truncationCases(1500, 43).slice(0, 4)] },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '1\n2\n1 1 1\n', why: 'more piles than n' },
    { input: '1\n2\n1\n', why: 'fewer piles than n' },
    { input: '11\n' + '1\n1\n'.repeat(11), why: 'T above 10' },
    { input: '1\n1\n10000\n', why: 'pile above 9999' },
    { input: '1\n1\n-1\n', why: 'negative pile' },
    { input: '1\n0\n\n', why: 'n = 0' },
    { input: '1\n1\n1\n1\n', why: 'trailing data after the last case' },
  ],
});
