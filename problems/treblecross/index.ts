import * as fc from 'fast-check';
import { casesOf, formatCases, casesValidator, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { boards: string[] };

const MAX_T = 99;
const MIN_LEN = 3;
const MAX_LEN = 200;

/** Per size: boards per file, longest board. Tiny and small stay where the literal search is quick. */
const SHAPE: SizeTable<{ t: number; len: number }> = {
  tiny: { t: 3, len: 8 },
  small: { t: 5, len: 13 },
  medium: { t: 20, len: MAX_LEN },
  max: { t: MAX_T, len: MAX_LEN },
};

/** Turns every third X of a run of X's into '.', so no three are in a row. */
function withoutThree(cells: boolean[]): string {
  let run = 0;
  return cells
    .map((x) => {
      run = x && run < 2 ? run + 1 : 0;
      return run > 0 ? 'X' : '.';
    })
    .join('');
}

function board(size: Size): fc.Arbitrary<string> {
  const { len } = SHAPE[size];
  const length = fc.integer({ min: MIN_LEN, max: len });
  // Densities from an empty board to a crowded one; crowded boards have immediate wins (XX., X.X),
  // sparse ones are decided by the runs far from every X.
  return fc
    .tuple(length, fc.constantFrom(0, 0.03, 0.08, 0.15, 0.3, 0.5), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: len, maxLength: len }))
    .map(([n, p, r]) => withoutThree(r.slice(0, n).map((v) => v < p)));
}

/** Boards with X's spaced exactly `gap` apart from a start: runs between them of gap − 1 cells. */
function spaced(n: number, start: number, gap: number): string {
  return Array.from({ length: n }, (_, i) => (i >= start && (i - start) % gap === 0 ? 'X' : '.')).join('');
}

export default definePackage<Input>({
  slug: 'treblecross',
  title: { en: 'Treblecross', zh: '一维井字棋（Treblecross）' },
  source: 'UVa 10561 Treblecross',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].t, board(size)).map((boards) => ({ boards })),
  format: ({ boards }) => formatCases(boards, (b) => `${b}\n`),
  validate: casesValidator(MAX_T, (r) => {
    const s = r.word(/^[.X]+$/, 'board', "a string of '.' and 'X'");
    if (s.length < MIN_LEN || s.length > MAX_LEN) r.fail(`a board has ${MIN_LEN} to ${MAX_LEN} cells, this one ${s.length}`);
    if (s.includes('XXX')) r.fail('the board already has three X in a row');
    r.eoln();
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // Empty boards of every length: the runs' values alone, with the ends of the board as borders.
    { boards: Array.from({ length: 97 }, (_, i) => '.'.repeat(3 + i)) },
    { boards: Array.from({ length: 99 }, (_, i) => '.'.repeat(100 + i)) },
    { boards: ['.'.repeat(MAX_LEN), 'X' + '.'.repeat(MAX_LEN - 1), '.'.repeat(MAX_LEN - 1) + 'X', 'X' + '.'.repeat(MAX_LEN - 2) + 'X'] },
    // Immediate wins of every shape, some with several completing cells, and none at the ends.
    { boards: ['XX.', '.XX', 'X.X', 'XX.XX', 'X.X.X', '.XX.XX.', 'X.X..X.X', 'XX...XX', '..X.X..', '.X.X.X.X.X.X.', 'XX' + '.'.repeat(MAX_LEN - 4) + 'XX'] },
    // Every board of 7 cells without three in a row (81 of them).
    { boards: Array.from({ length: 1 << 7 }, (_, m) => [...Array(7).keys()].map((i) => ((m >> i) & 1 ? 'X' : '.')).join('')).filter((s) => !s.includes('XXX')) },
    // X's every 3, 4, 5, 6, 7 cells: every cell near an X, or runs of one safe cell, two, three...
    { boards: [3, 4, 5, 6, 7, 8].flatMap((gap) => [0, 1, 2].map((start) => spaced(MAX_LEN - start, start, gap))) },
    { boards: Array.from({ length: 60 }, (_, i) => spaced(20 + i, i % 5, 5 + (i % 4))) },
  ],
  generated: [
    { size: 'tiny', count: 8 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '1\nXXX\n', why: 'three X in a row' },
    { input: '1\n..\n', why: 'a board of 2 cells' },
    { input: `1\n${'.'.repeat(MAX_LEN + 1)}\n`, why: 'a board of 201 cells' },
    { input: '1\n..O..\n', why: 'a character other than . and X' },
    { input: '1\n..x..\n', why: 'a lower-case x' },
    { input: '2\n.....\n', why: 'fewer boards than T' },
    { input: `100\n${'...\n'.repeat(100)}`, why: 'T = 100' },
    { input: '1\n... ...\n', why: 'a space inside the board' },
  ],
});
