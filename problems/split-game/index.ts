import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One input file: per case, the bean counts of bottles 0..n-1. */
type Input = { cases: number[][] };

const MAX_T = 10;
const MAX_N = 21;
const MAX_P = 10_000;

/** Per size: cases per file, bottles per case, largest bean count. */
const SHAPE: SizeTable<{ t: number; n: number; p: number }> = {
  tiny: { t: 3, n: 4, p: 3 },
  small: { t: 5, n: 6, p: 3 },
  medium: { t: MAX_T, n: MAX_N, p: 100 },
  max: { t: MAX_T, n: MAX_N, p: MAX_P },
};

/**
 * Grundy value of one bean in each bottle (it depends only on the distance to the last bottle).
 * The generator needs it to build losing positions on purpose: random ones are rarely losing.
 */
function beanGrundy(n: number): number[] {
  const sg = new Array<number>(n).fill(0);
  for (let i = n - 2; i >= 0; i--) {
    const seen = new Set<number>();
    for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen.add(sg[j]! ^ sg[k]!);
    while (seen.has(sg[i]!)) sg[i]!++;
  }
  return sg;
}

/**
 * Changes the parity of some bottles (by one bean, staying inside [0, maxP]) so that the XOR of
 * the Grundy values of odd bottles becomes 0, when the values allow it (Gaussian elimination).
 */
function makeLosing(beans: number[], maxP: number): number[] {
  const sg = beanGrundy(beans.length);
  let x = 0;
  beans.forEach((b, i) => { if (b % 2 === 1) x ^= sg[i]!; });
  // basis[b]: a combination of bottles whose values XOR to a number with highest bit b.
  const basis: ({ value: number; bottles: number[] } | undefined)[] = [];
  sg.forEach((v, i) => {
    let cur = { value: v, bottles: [i] };
    for (let bit = 30; bit >= 0 && cur.value !== 0; bit--) {
      if (((cur.value >> bit) & 1) === 0) continue;
      const known = basis[bit];
      if (!known) {
        basis[bit] = cur;
        break;
      }
      cur = { value: cur.value ^ known.value, bottles: [...cur.bottles, ...known.bottles] };
    }
  });
  const toggle = new Array<number>(beans.length).fill(0);
  for (let bit = 30; bit >= 0; bit--) {
    const known = basis[bit];
    if (((x >> bit) & 1) === 0 || !known) continue;
    x ^= known.value;
    for (const i of known.bottles) toggle[i]! ^= 1;
  }
  if (x !== 0) return beans;
  return beans.map((b, i) => (toggle[i] ? (b > 0 ? b - 1 : Math.min(1, maxP)) : b));
}

function bottles(size: Size): fc.Arbitrary<number[]> {
  const { n, p } = SHAPE[size];
  const count = fc.integer({ min: 0, max: p });
  const exact = size === 'max';
  const len = { minLength: exact ? n : 1, maxLength: n, size: 'max' as const };
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(count, len) },
    // Shapes that break wrong solutions: even counts (only parity matters), empty bottles in front
    // of beans, all beans in the last bottle, a single bottle, losing positions.
    { weight: 1, arbitrary: fc.array(count.map((v) => v - (v % 2)), len) },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.constant(0), count), len) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: n }), count).map(([k, v]) => [...Array<number>(k - 1).fill(0), v]) },
    { weight: 1, arbitrary: count.map((v) => [v]) },
    { weight: 2, arbitrary: fc.array(count, len).map((beans) => makeLosing(beans, p)) },
  );
}

export default definePackage<Input>({
  slug: 'split-game',
  title: { en: 'Split Game', zh: '分裂游戏' },
  source: 'HNOI2007 分裂游戏 (Luogu P3185)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, bottles(size)).map((cases) => ({ cases })),
  format: ({ cases }) => formatCases(cases, (c) => `${c.length}\n${c.join(' ')}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const n = r.int(1, MAX_N, 'n');
    r.eoln();
    r.intsLine(n, 0, MAX_P, 'p');
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => {
    const full = (v: number) => Array<number>(MAX_N).fill(v);
    return [
      { cases: [[0]] },
      { cases: [[MAX_P], [MAX_P - 1], [1, 0], [0, 1], [2, 0, 0], [1, 1], [2, 1, 0]] },
      { cases: Array.from({ length: MAX_T }, (_, i) => Array<number>(i + 1).fill(1)) },
      // Even counts everywhere but one bottle; empty bottles before the beans; only the last bottle.
      { cases: [full(MAX_P), full(MAX_P - 1), full(0), [...full(0).slice(1), MAX_P], [...full(2).slice(1), 1], full(0).map((_, i) => (i === 3 ? 1 : 0))] },
      { cases: Array.from({ length: MAX_T }, (_, c) => full(0).map((_, i) => ((i + c) % 3 === 0 ? MAX_P - (i % 2) : 0))) },
      { cases: Array.from({ length: MAX_T }, (_, c) => makeLosing(full(0).map((_, i) => MAX_P - ((i * 7 + c * 3) % 5)), MAX_P)) },
      { cases: Array.from({ length: MAX_T }, (_, c) => full(0).map((_, i) => (i === c ? 1 : MAX_P))) },
    ];
  },
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '1\n2\n1 1 1\n', why: 'more bottles than n' },
    { input: '1\n2\n1\n', why: 'fewer bottles than n' },
    { input: '1\n2 1 1\n', why: 'counts on the line of n' },
    { input: '11\n' + '1\n1\n'.repeat(11), why: 'T above 10' },
    { input: '0\n', why: 'T = 0' },
    { input: '1\n22\n' + Array(22).fill('0').join(' ') + '\n', why: 'n above 21' },
    { input: '1\n0\n\n', why: 'n = 0' },
    { input: '1\n1\n10001\n', why: 'count above 10^4' },
    { input: '1\n1\n-1\n', why: 'negative count' },
    { input: '1\n1\n1\n1\n', why: 'trailing data after the last case' },
  ],
});
