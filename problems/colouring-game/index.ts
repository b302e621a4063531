import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { formatCases } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';
import { balancedRuns, cancellingRun, IRREGULAR, IRREGULAR_RESIDUES, prng, rowOfRuns, runsXor, runValue } from './rows';

type Input = { rows: string[] };

const MAX_T = 10_000;
const MAX_SUM = 500_000;

/** Per size: rows per file, longest row, longest run drawn. Tiny rows are where the game search goes. */
const SHAPE: Record<Exclude<Size, 'max'>, { t: number; n: number; run: number }> = {
  tiny: { t: 4, n: 12, run: 12 },
  small: { t: 5, n: 200, run: 150 },
  medium: { t: 100, n: 3000, run: 1000 },
};

const other = (c: string) => (c === 'R' ? 'B' : 'R');

/** Short runs, the irregular lengths below 53, any length, and long runs whose residue mod 34 is irregular. */
function runLength(maxRun: number): fc.Arbitrary<number> {
  const choices: { weight: number; arbitrary: fc.Arbitrary<number> }[] = [
    { weight: 4, arbitrary: fc.integer({ min: 1, max: Math.min(10, maxRun) }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: maxRun }) },
  ];
  const irregular = IRREGULAR.filter((l) => l <= maxRun);
  if (irregular.length > 1) choices.push({ weight: 2, arbitrary: fc.constantFrom(...irregular) });
  if (maxRun > 136) {
    const k = fc.integer({ min: 3, max: Math.floor(maxRun / 34) - 1 });
    choices.push({ weight: 2, arbitrary: fc.tuple(k, fc.constantFrom(...IRREGULAR_RESIDUES)).map(([q, r]) => 34 * q + r) });
  }
  return fc.oneof(...choices);
}

/** Makes a row have as many R as B by recolouring majority cells from the end. */
function balance(cells: string[]): string {
  const out = cells.length % 2 ? cells.slice(0, -1) : cells.slice();
  let surplus = out.reduce((s, c) => s + (c === 'R' ? 1 : -1), 0);
  for (let i = out.length - 1; i >= 0 && surplus !== 0; i--) {
    if ((surplus > 0 && out[i] === 'R') || (surplus < 0 && out[i] === 'B')) {
      out[i] = other(out[i]!);
      surplus += surplus > 0 ? -2 : 2;
    }
  }
  return out.join('');
}

/** Appends `tilt` cells (R for positive, B for negative) at the end: counts then decide. */
function tilted(row: string, tilt: number): string {
  return row + (tilt > 0 ? 'R' : 'B').repeat(Math.abs(tilt));
}

function fit(row: string, maxN: number): string {
  const cut = row.slice(0, maxN);
  return cut.length >= 2 ? cut : 'RB';
}

function row(size: Exclude<Size, 'max'>): fc.Arbitrary<string> {
  const { n: maxN, run: maxRun } = SHAPE[size];
  const cell = fc.constantFrom('R', 'B');
  const cells = fc.array(cell, { minLength: 2, maxLength: maxN });
  const tilt = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(1, 2, -1, -2) });
  const fromRuns = fc
    .record({
      runs: fc.array(runLength(maxRun), { minLength: 1, maxLength: size === 'tiny' ? 4 : size === 'small' ? 6 : 40 }),
      first: cell,
      cancel: fc.boolean(),
      pick: fc.nat({ max: 20 }),
      tilt,
    })
    .map(({ runs, first, cancel, pick, tilt: k }) => {
      const extra = cancel ? cancellingRun(runs, pick, maxRun) : null;
      const rs = balancedRuns(extra ? [...runs, extra] : runs);
      return fit(tilted(rowOfRuns(rs, first as 'R' | 'B'), k), maxN);
    });
  const alternating = fc
    .tuple(fc.integer({ min: 2, max: maxN }), cell)
    .map(([len, first]) => (first + other(first)).repeat(len).slice(0, len));
  return fc.oneof(
    { weight: 2, arbitrary: cells.map((cs) => cs.join('')) },
    { weight: 3, arbitrary: cells.map((cs) => fit(balance(cs), maxN)) },
    { weight: 5, arbitrary: fromRuns },
    { weight: 1, arbitrary: alternating },
  );
}

/**
 * A balanced row of exactly `n` cells (n even) built from random runs, the last two runs chosen
 * so that the SG values cancel when `cancel` is set (a row Bob wins) where such a pair exists.
 */
function bigRow(rnd: () => number, n: number, cancel: boolean, maxRun: number): string {
  const runs: number[] = [];
  let total = 0;
  const budget = n - Math.min(200, n >> 1);
  while (total < budget) {
    const pickLong = rnd() < 0.15;
    const len = pickLong ? 34 * (3 + Math.floor(rnd() * 8)) + IRREGULAR_RESIDUES[Math.floor(rnd() * 6)]! : 1 + Math.floor(rnd() * (rnd() < 0.5 ? 10 : maxRun));
    if (total + len + 5 > budget) break;
    runs.push(len);
    total += len;
  }
  const body = balancedRuns(runs);
  const used = body.reduce((s, l) => s + l, 0);
  const rest = n - used;
  const x = runsXor(body);
  let tail = [rest];
  // Runs of even length are balanced and have SG values 1, 2, 3, 4, 5 or 9: three of them reach any XOR.
  for (let a = 2; cancel && a <= 80 && a + 4 <= rest; a += 2) {
    for (let b = 2; b <= 80 && a + b + 2 <= rest; b += 2) {
      if ((runValue(a) ^ runValue(b) ^ runValue(rest - a - b)) === x) {
        tail = [a, b, rest - a - b];
        cancel = false;
      }
    }
  }
  const first = rnd() < 0.5 ? 'R' : 'B';
  return rowOfRuns([...body, ...tail], first);
}

/** Splits MAX_SUM cells over t rows (each at least 2 long, the sum exact), varying the lengths in pairs. */
function lengths(rnd: () => number, t: number): number[] {
  const base = MAX_SUM / t;
  const out = Array<number>(t).fill(base);
  for (let i = 0; i + 1 < t; i += 2) {
    const d = 2 * Math.floor(rnd() * Math.min(base / 2 - 1, 100));
    out[i]! += d;
    out[i + 1]! -= d;
  }
  return out;
}

/** A maximal file: Σn = 5·10^5 exactly, over 1, 10, 1000 or 10^4 rows. */
function maxFile(seed: number, shape: number): Input {
  const rnd = prng(seed);
  const t = [1, 10, 1000, MAX_T][shape]!;
  return {
    rows: lengths(rnd, t).map((n) => {
      const mode = rnd();
      if (mode < 0.1) return (rnd() < 0.5 ? 'RB' : 'BR').repeat(n / 2);
      if (mode < 0.3) return Array.from({ length: n }, () => (rnd() < 0.5 ? 'R' : 'B')).join('');
      const r = bigRow(rnd, n, rnd() < 0.5, Math.min(n, 400));
      return mode < 0.4 ? tilted(r.slice(0, n - 2), rnd() < 0.5 ? 2 : -2) : r;
    }),
  };
}

/** A case per run length L in [from, to]: a run of L beside runs whose SG values cancel it, and the lone run. */
function everyRunLength(from: number, to: number): string[] {
  const out: string[] = [];
  for (let len = from; len <= to; len++) {
    const partner = cancellingRun([len], len, 600);
    out.push(rowOfRuns(balancedRuns(partner ? [len, partner] : [len]), len % 2 ? 'R' : 'B'));
    out.push(rowOfRuns(balancedRuns([len, 2]), 'R'));
  }
  return out;
}

export default definePackage<Input>({
  slug: 'colouring-game',
  title: { en: 'Colouring Game', zh: '涂色游戏' },
  source: 'Codeforces Round #812 (Div. 2), problem 1704F Colouring Game',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    size === 'max'
      ? fc.tuple(fc.integer(), fc.nat({ max: 3 })).map(([seed, shape]) => maxFile(seed, shape))
      : fc.array(row(size), { minLength: 1, maxLength: SHAPE[size].t }).map((rows) => ({ rows })),
  format: ({ rows }) => formatCases(rows, (s) => `${s.length}\n${s}\n`),
  validate: validator((r) => {
    const t = r.int(1, MAX_T, 't');
    r.eoln();
    let sum = 0;
    for (let i = 0; i < t; i++) {
      const n = r.int(2, MAX_SUM, 'n');
      r.eoln();
      sum += n;
      if (sum > MAX_SUM) r.fail(`the sum of n must be at most ${MAX_SUM}, reached ${sum}`);
      const s = r.word(/^[RB]+$/, `s[${i + 1}]`, 'a string of R and B');
      if (s.length !== n) r.fail(`s[${i + 1}] must have n = ${n} characters, got ${s.length}`);
      r.eoln();
    }
  }),
  bruteSizes: ['tiny'],
  edgeCases: () => {
    const allRows = (len: number) => Array.from({ length: 2 ** len }, (_, m) => Array.from({ length: len }, (_, i) => ((m >> i) & 1 ? 'R' : 'B')).join(''));
    const balancedUpTo10 = [2, 4, 6, 8, 10].flatMap((len) => allRows(len).filter((s) => s.split('R').length - 1 === len / 2));
    // Long runs whose length mod 34 is irregular, each beside partners that cancel its SG value,
    // and with one more red cell (then Alice wins whatever the runs say).
    const longIrregular = Array.from({ length: 13 }, (_, k) => k + 3).flatMap((q) =>
      IRREGULAR_RESIDUES.map((res) => {
        const len = 34 * q + res;
        const partner = cancellingRun([len], q + res, 600);
        return rowOfRuns(balancedRuns(partner ? [len, partner] : [len]), 'B');
      }),
    );
    const rnd = prng(1704);
    return [
      // Every row of 2 and 3 cells, and every balanced row of up to 10 cells.
      { rows: [...allRows(2), ...allRows(3)] },
      { rows: balancedUpTo10 },
      // One run of each length 1..120 beside runs that cancel it, and beside a run of two cells.
      { rows: everyRunLength(1, 60) },
      { rows: everyRunLength(61, 120) },
      { rows: longIrregular },
      { rows: longIrregular.map((s) => tilted(s, 1)).concat(longIrregular.map((s) => tilted(s.slice(1), -1))) },
      // Irregular lengths below 53, two or three per row, each row balanced: the period table errs.
      {
        rows: IRREGULAR.flatMap((a) => IRREGULAR.flatMap((b) => [rowOfRuns(balancedRuns([a, b]), 'R'), rowOfRuns(balancedRuns([a, b, 6]), 'B')])),
      },
      // One row of 5·10^5 cells: alternating from R, alternating from B, all red, runs of 1 and 2.
      { rows: ['RB'.repeat(MAX_SUM / 2)] },
      { rows: ['BR'.repeat(MAX_SUM / 2 - 1) + 'RB'] },
      { rows: ['R'.repeat(MAX_SUM)] },
      { rows: ['RRBB'.repeat(MAX_SUM / 4)] },
      // A colour count of 65,536 (2^16) that decides the row: a 16-bit counter wraps it to 0.
      { rows: ['R'.repeat(65_536)] },
      { rows: ['B'.repeat(65_536) + 'R'] },
      { rows: ['RB'.repeat(65_535) + 'RR', 'BR'.repeat(32_768) + 'R'] },
      // One mixed row of 5·10^5 that Bob wins, and one that Alice wins.
      { rows: [bigRow(rnd, MAX_SUM, true, 400)] },
      { rows: [bigRow(rnd, MAX_SUM, false, 400)] },
      // 10^4 rows of 50 cells each (Σn = 5·10^5 exactly), mixed runs, half of them cancelling.
      { rows: Array.from({ length: MAX_T }, (_, i) => bigRow(rnd, 50, i % 4 < 2, 30)) },
      { rows: lengths(rnd, MAX_T).map((n, i) => bigRow(rnd, n, i % 2 === 0, 40)) },
    ];
  },
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1\n3\nRB\n', why: 'string shorter than n' },
    { input: '1\n2\nRBR\n', why: 'string longer than n' },
    { input: '1\n1\nR\n', why: 'n = 1' },
    { input: '1\n2\nRG\n', why: 'a letter other than R and B' },
    { input: '1\n2\nrb\n', why: 'lowercase letters' },
    { input: '1\n2 RB\n', why: 'n and the string on one line' },
    { input: '2\n2\nRB\n', why: 'fewer rows than t' },
    { input: '0\n', why: 't = 0' },
    { input: `10001\n${'2\nRB\n'.repeat(10_001)}`, why: 't above 10^4' },
    { input: `2\n250000\n${'R'.repeat(250_000)}\n250002\n${'B'.repeat(250_002)}\n`, why: 'sum of n above 5·10^5' },
  ],
});
