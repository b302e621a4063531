import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One row: the columns of Tom's (black) and Jerry's (white) pieces. */
type Row = [number, number];
type Board = { m: number; rows: Row[] };
type Input = { boards: Board[] };

const MAX_N = 1000;
const MIN_M = 2;
const MAX_M = 100;
/** The original reads boards to the end of the input with no bound; this package allows 20. */
const MAX_BOARDS = 20;

/** Per size: boards per file, rows per board, widest board. */
const SHAPE: SizeTable<{ boards: number; n: number; m: number }> = {
  tiny: { boards: 2, n: 2, m: 5 },
  small: { boards: 3, n: 3, m: 6 },
  medium: { boards: 5, n: 100, m: MAX_M },
  max: { boards: 10, n: MAX_N, m: MAX_M },
};

/** A row of width m with the pieces `gap` cells apart, Tom's on the left or the right. */
function placed(m: number, gap: number, left: boolean, at: number): Row {
  const a = 1 + (at % (m - gap - 1));
  return left ? [a, a + gap + 1] : [a + gap + 1, a];
}

function board(size: Size): fc.Arbitrary<Board> {
  const { n } = SHAPE[size];
  return fc.integer({ min: MIN_M, max: SHAPE[size].m }).chain((m) => {
    const gap = fc.integer({ min: 0, max: m - 2 });
    const row = fc.tuple(gap, fc.boolean(), fc.nat()).map(([g, l, at]) => placed(m, g, l, at));
    const tomLeft = fc.tuple(gap, fc.nat()).map(([g, at]) => placed(m, g, true, at));
    const rows = (r: fc.Arbitrary<Row>) => fc.array(r, { minLength: size === 'max' ? n : 1, maxLength: n, size: 'max' });
    return fc.oneof(
      { weight: 4, arbitrary: rows(row) },
      // As in the pictures (Tom's piece on the left) and the losing positions (gaps XOR to 0).
      { weight: 1, arbitrary: rows(tomLeft) },
      {
        weight: 3,
        arbitrary: fc.tuple(rows(row), fc.boolean(), fc.nat()).map(([rs, l, at]) => {
          const x = rs.slice(0, -1).reduce((acc, [t, j]) => acc ^ (Math.abs(t - j) - 1), 0);
          return x <= m - 2 && rs.length > 1 ? [...rs.slice(0, -1), placed(m, x, l, at)] : rs;
        }),
      },
    ).map((rs) => ({ m, rows: rs }));
  });
}

/** Deterministic pseudo-random rows (a fixed LCG, not Math.random). */
function lcgRows(count: number, m: number, seed: number): Row[] {
  const out: Row[] = [];
  let x = seed >>> 0;
  const next = (k: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return (x >>> 8) % k;
  };
  for (let i = 0; i < count; i++) out.push(placed(m, next(m - 1), next(2) === 0, next(1 << 20)));
  return out;
}

/** Rows whose gaps XOR to 0, made from `rows` by fixing the last one (when the XOR fits in m). */
function losing(m: number, rows: Row[]): Row[] {
  const x = rows.slice(0, -1).reduce((acc, [t, j]) => acc ^ (Math.abs(t - j) - 1), 0);
  return x <= m - 2 ? [...rows.slice(0, -1), placed(m, x, rows.length % 2 === 0, 7)] : rows;
}

export default definePackage<Input>({
  slug: 'northcott',
  title: { en: 'Northcott Game', zh: 'Northcott 游戏' },
  source: 'HDU 1730 Northcott Game',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].boards, board(size)).map((boards) => ({ boards })),
  format: ({ boards }) => boards.map(({ m, rows }) => `${rows.length} ${m}\n${rows.map(([t, j]) => `${t} ${j}\n`).join('')}`).join(''),
  validate: validator((r) => {
    let boards = 0;
    do {
      if (++boards > MAX_BOARDS) r.fail(`more than ${MAX_BOARDS} boards`);
      const n = r.int(1, MAX_N, 'n');
      r.space();
      const m = r.int(MIN_M, MAX_M, 'm');
      r.eoln();
      for (let i = 0; i < n; i++) {
        const t = r.int(1, m, 'T');
        r.space();
        const j = r.int(1, m, 'J');
        if (t === j) r.fail(`the two pieces of a row cannot share column ${t}`);
        r.eoln();
      }
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // The narrowest boards: nobody can close a gap of 0.
    { boards: [{ m: 2, rows: [[1, 2]] }, { m: 2, rows: [[2, 1]] }, { m: 2, rows: [[1, 2], [2, 1], [1, 2]] }, { m: 3, rows: [[1, 3]] }] },
    // Tom's piece on the right of Jerry's, alone and mixed.
    { boards: [{ m: 6, rows: [[5, 1]] }, { m: 6, rows: [[6, 3], [1, 3]] }, { m: 10, rows: [[9, 2], [2, 9]] }, { m: 10, rows: [[10, 1], [3, 1], [7, 1]] }] },
    // Gaps whose count of non-zero ones, or whose sum, is even while the XOR is not (and back).
    {
      boards: [
        { m: 10, rows: [[1, 4], [1, 5]] },
        { m: 10, rows: [[2, 5], [6, 2]] },
        { m: 10, rows: [[1, 3], [1, 4], [1, 5]] },
        { m: 10, rows: [[1, 3], [1, 5], [1, 7]] },
        { m: 20, rows: [[1, 6], [1, 11], [20, 5]] },
      ],
    },
    // Every single row of width 6, and the widest rows.
    { boards: [{ m: 6, rows: Array.from({ length: 30 }, (_, i): Row => [1 + Math.floor(i / 5), 1 + (i % 5)]).map(([t, j]): Row => (j >= t ? [t, j + 1] : [t, j])) }] },
    { boards: [{ m: MAX_M, rows: [[1, MAX_M]] }, { m: MAX_M, rows: [[MAX_M, 1]] }, { m: MAX_M, rows: [[1, MAX_M], [MAX_M, 1]] }, { m: MAX_M, rows: [[1, MAX_M], [50, 51], [3, 1]] }] },
    // Maximal files: random rows, and the same made losing; Tom always on the right.
    { boards: Array.from({ length: MAX_BOARDS }, (_, i) => ({ m: MAX_M - i, rows: lcgRows(MAX_N, MAX_M - i, 11 + i) })) },
    { boards: Array.from({ length: MAX_BOARDS }, (_, i) => ({ m: MAX_M - 3 * i, rows: losing(MAX_M - 3 * i, lcgRows(MAX_N, MAX_M - 3 * i, 101 + i)) })) },
    { boards: Array.from({ length: MAX_BOARDS }, (_, i) => ({ m: 2 + 5 * i, rows: lcgRows(MAX_N, 2 + 5 * i, 211 + i).map(([t, j]): Row => [Math.max(t, j), Math.min(t, j)]) })) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1 6\n3 3\n', why: 'both pieces in one column' },
    { input: '1 6\n7 3\n', why: 'a piece beyond column m' },
    { input: '1 6\n0 3\n', why: 'a piece in column 0' },
    { input: '1 1\n1 1\n', why: 'm = 1' },
    { input: '1 101\n1 2\n', why: 'm above 100' },
    { input: '2 6\n1 2\n', why: 'fewer rows than n' },
    { input: '1 6\n1 2\n\n1 6\n1 2\n', why: 'a blank line between boards' },
    { input: '1 6\n1 2 3\n', why: 'three numbers on a row' },
    { input: '1 6\n1 2\n'.repeat(MAX_BOARDS + 1), why: 'more than 20 boards' },
  ],
});
