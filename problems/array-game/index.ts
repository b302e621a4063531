import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One input file: the board length and, per game, its white cells (distinct, in 1..n). */
type Input = { n: number; games: number[][] };

const MAX_N = 1_000_000_000;
const MAX_K = 100;
const MAX_W = 100;
/** 31622^2 <= 10^9 < 31623^2: boards around a square exercise the small/large quotient split. */
const ROOT = 31_622;

/** Per size: largest board, games per file, white cells per game. */
const SHAPE: SizeTable<{ n: number; k: number; w: number }> = {
  tiny: { n: 8, k: 3, w: 4 },
  small: { n: 20, k: 6, w: 8 },
  medium: { n: 1_000_000, k: 20, w: 20 },
  max: { n: MAX_N, k: MAX_K, w: MAX_W },
};

function boardLength(size: Size): fc.Arbitrary<number> {
  const { n } = SHAPE[size];
  if (size === 'tiny' || size === 'small') return fc.integer({ min: 1, max: n });
  // Without bias: fast-check's default bias would keep most "medium" boards tiny.
  if (size === 'medium') return fc.oneof({ weight: 3, arbitrary: fc.noBias(fc.integer({ min: 1, max: n })) }, fc.integer({ min: 1, max: n }));
  // Always near the top, where the intended O(N^(3/4)) is needed, sometimes exactly on a boundary.
  return fc.oneof(
    { weight: 5, arbitrary: fc.noBias(fc.integer({ min: 900_000_000, max: MAX_N })) },
    { weight: 1, arbitrary: fc.constantFrom(MAX_N, ROOT * ROOT, ROOT * ROOT - 1, ROOT * (ROOT + 1)) },
  );
}

/** Cells x and a partner with the same floor(n/x) (when one exists): equal values that cancel. */
function cancellingPairs(n: number, picks: number[], w: number): number[] {
  const cells = new Set<number>();
  for (const x of picks) {
    if (cells.size + 2 > w) break;
    const q = Math.floor(n / x);
    const partner = x < n && Math.floor(n / (x + 1)) === q ? x + 1 : x > 1 && Math.floor(n / (x - 1)) === q ? x - 1 : 0;
    if (partner === 0 || cells.has(x) || cells.has(partner)) continue;
    cells.add(x).add(partner);
  }
  if (cells.size === 0) cells.add(picks[0]!);
  return [...cells];
}

/** The white cells of one game on a board of length n. */
function whiteCells(size: Size, n: number): fc.Arbitrary<number[]> {
  const most = Math.min(SHAPE[size].w, n);
  const len = { minLength: size === 'max' ? most : 1, maxLength: most, size: 'max' as const };
  const within = (lo: number, hi: number) => fc.uniqueArray(fc.integer({ min: lo, max: hi }), len);
  const shapes: fc.WeightedArbitrary<number[]>[] = [
    { weight: 6, arbitrary: within(1, n) },
    // Small cells have large, mostly distinct quotients; cells past n/2 all have quotient 1.
    { weight: 1, arbitrary: within(1, Math.min(n, 4 * most)) },
    { weight: 1, arbitrary: within(Math.floor(n / 2) + 1, n) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: n }).map((x) => [x]) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.integer({ min: 1, max: n }), { minLength: most, maxLength: 4 * most, size: 'max' })
        .map((picks) => cancellingPairs(n, picks, most)),
    },
  ];
  if (n >= 2 * most) shapes.push({ weight: 1, arbitrary: within(Math.floor(n / 2) + 1 - most, Math.floor(n / 2) + most) });
  return fc.oneof(...shapes);
}

function format({ n, games }: Input): string {
  return `${n}\n${games.length}\n${games.map((g) => `${g.length} ${g.join(' ')}\n`).join('')}`;
}

/** Games on one board: windows of consecutive cells starting at each of `starts`, 100 or 99 long. */
function windows(starts: number[]): number[][] {
  return starts.map((s, g) => Array.from({ length: MAX_W - (g % 2) }, (_, i) => s + i));
}

export default definePackage<Input>({
  slug: 'array-game',
  title: { en: 'Array Game', zh: '数组游戏' },
  source: 'HAOI2015 数组游戏 (Luogu P3179)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    boardLength(size).chain((n) =>
      casesOf(size, SHAPE[size].k, whiteCells(size, n))
        .map((games) => ({ n, games })),
    ),
  format,
  validate: validator((r) => {
    const n = r.int(1, MAX_N, 'N');
    r.eoln();
    const k = r.int(1, MAX_K, 'K');
    r.eoln();
    for (let g = 0; g < k; g++) {
      const w = r.int(1, Math.min(MAX_W, n), 'w');
      const seen = new Set<number>();
      for (let i = 0; i < w; i++) {
        r.space();
        const cell = r.int(1, n, `cell[${i + 1}]`);
        if (seen.has(cell)) r.fail(`white cells of a game must be distinct, cell ${cell} repeats`);
        seen.add(cell);
      }
      r.eoln();
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => {
    const top = Array.from({ length: MAX_W }, (_, i) => MAX_N - i);
    return [
      { n: 1, games: [[1]] },
      { n: 2, games: [[1], [2], [1, 2], [2, 1]] },
      { n: 100, games: [Array.from({ length: 100 }, (_, i) => i + 1), [50, 51], [34, 35, 36], [100, 99]] },
      {
        n: MAX_N,
        games: [[1], [2], [MAX_N], [MAX_N - 1, MAX_N], top, top.slice(1), [1, 2], [ROOT, ROOT + 1], [1, MAX_N], [333_333_334, 499_999_999]],
      },
      // Full-size files: 100 games of 100 cells on boards at and around the sqrt split.
      { n: MAX_N, games: windows(Array.from({ length: MAX_K }, (_, i) => 1 + i * 37)) },
      { n: ROOT * ROOT, games: windows(Array.from({ length: MAX_K }, (_, i) => ROOT - 500 + i * 9)) },
      { n: ROOT * (ROOT + 1), games: windows(Array.from({ length: MAX_K }, (_, i) => 1 + i * i * 1013)) },
      { n: 999_999_937, games: windows(Array.from({ length: MAX_K }, (_, i) => 999_999_937 - 99 - i * 4_999_999)) },
    ];
  },
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '3\n1\n2\n1 2\n', why: 'cells on the line after w' },
    { input: '3\n1\n2 1 1\n', why: 'a cell given twice' },
    { input: '3\n1\n1 4\n', why: 'cell above N' },
    { input: '3\n1\n1 0\n', why: 'cell 0' },
    { input: '3\n1\n4 1 2 3 1\n', why: 'w above N' },
    { input: '3\n1\n0\n', why: 'w = 0' },
    { input: '1000000001\n1\n1 1\n', why: 'N above 10^9' },
    { input: '3\n101\n' + '1 1\n'.repeat(101), why: 'K above 100' },
    { input: '3\n2\n1 1\n', why: 'fewer games than K' },
    { input: '3\n1\n1 1\n1 2\n', why: 'more games than K' },
  ],
});
