import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One line per game: the sheet is N × M. */
type Input = { sheets: [number, number][] };

const MIN_SIDE = 2;
const MAX_SIDE = 200;
const MAX_LINES = 10_000;

/** Per size: lines per file, largest side. Tiny and small stay where the literal search is quick. */
const SHAPE: SizeTable<{ lines: number; side: number }> = {
  tiny: { lines: 3, side: 6 },
  small: { lines: 5, side: 10 },
  medium: { lines: 300, side: MAX_SIDE },
  max: { lines: MAX_LINES, side: MAX_SIDE },
};

function sheet(size: Size): fc.Arbitrary<[number, number]> {
  const { side } = SHAPE[size];
  const any = fc.integer({ min: MIN_SIDE, max: side });
  // Thin sheets (one side 2 or 3) and squares are where learners' shortcuts go wrong; near-maximal
  // sheets make per-line recomputation slow.
  const thin = fc.integer({ min: MIN_SIDE, max: 3 });
  const large = fc.integer({ min: Math.max(MIN_SIDE, side - 10), max: side });
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(any, any) },
    { weight: 1, arbitrary: fc.tuple(thin, any) },
    { weight: 1, arbitrary: fc.tuple(any, thin) },
    { weight: 1, arbitrary: any.map((v): [number, number] => [v, v]) },
    { weight: 1, arbitrary: fc.tuple(large, large) },
  );
}

/** Every (N, M) with 2 ≤ N, M ≤ 200, row by row: 39,601 games, cut into files of at most 10^4 lines. */
function allSheets(part: number, parts: number): [number, number][] {
  const all: [number, number][] = [];
  for (let n = MIN_SIDE; n <= MAX_SIDE; n++) for (let m = MIN_SIDE; m <= MAX_SIDE; m++) all.push([n, m]);
  const per = Math.ceil(all.length / parts);
  return all.slice(part * per, (part + 1) * per);
}

export default definePackage<Input>({
  slug: 'cutting-game',
  title: { en: 'Cutting Game', zh: '剪纸游戏' },
  source: 'POJ 2311 Cutting Game (AcWing 219 剪纸游戏)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].lines, sheet(size))
      .map((sheets) => ({ sheets })),
  format: ({ sheets }) => sheets.map(([n, m]) => `${n} ${m}\n`).join(''),
  validate: validator((r) => {
    let lines = 0;
    do {
      if (++lines > MAX_LINES) r.fail(`more than ${MAX_LINES} lines`);
      r.int(MIN_SIDE, MAX_SIDE, 'N');
      r.space();
      r.int(MIN_SIDE, MAX_SIDE, 'M');
      r.eoln();
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { sheets: [[2, 2]] },
    { sheets: [[MAX_SIDE, MAX_SIDE]] },
    { sheets: [[2, MAX_SIDE], [MAX_SIDE, 2], [3, MAX_SIDE], [MAX_SIDE, 3], [2, 3], [3, 3], [7, 7]] },
    // Every sheet up to 10 × 10: the part of the table a brute force can check.
    { sheets: Array.from({ length: 81 }, (_, i): [number, number] => [2 + Math.floor(i / 9), 2 + (i % 9)]) },
    // The whole table, in four maximal files.
    { sheets: allSheets(0, 4) },
    { sheets: allSheets(1, 4) },
    { sheets: allSheets(2, 4) },
    { sheets: allSheets(3, 4) },
    { sheets: Array.from({ length: MAX_LINES }, (): [number, number] => [MAX_SIDE, MAX_SIDE]) },
    { sheets: Array.from({ length: MAX_LINES }, (_, i): [number, number] => [MAX_SIDE - (i % 7), MAX_SIDE - (i % 11)]) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '2 2 2\n', why: 'three numbers on a line' },
    { input: '2\n2\n', why: 'N and M on separate lines' },
    { input: '1 5\n', why: 'N below 2' },
    { input: '2 201\n', why: 'M above 200' },
    { input: '2 2\n'.repeat(MAX_LINES + 1), why: 'more than 10^4 lines' },
    { input: '2 2\n0 0\n', why: 'a 0 0 terminator is not part of this format' },
  ],
});
