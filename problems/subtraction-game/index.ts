import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/**
 * One game: cards 1..n, a move removes between l and r consecutive cards still on the table.
 * The test's text is `N L R` only (the contract); the judge's play from a lost position (random,
 * longest game, or breaking a mirror) is chosen from a hash of that text: see
 * reference/subtraction-game/interactor.ts.
 */
type Input = { n: number; l: number; r: number };

const MAX_N = 2000;
const LARGEST: SizeTable<number> = { tiny: 10, small: 14, medium: 300, max: MAX_N };

function game(size: Size): fc.Arbitrary<Input> {
  const top = LARGEST[size];
  const n = size === 'max' ? fc.integer({ min: 1500, max: top }) : fc.integer({ min: 1, max: top });
  const length = fc.integer({ min: 1, max: top });
  return fc.oneof(
    // L < R (or equal by chance): the first player wins by symmetry.
    { weight: 3, arbitrary: fc.tuple(n, length, length).map(([nn, a, b]): Input => ({ n: nn, l: Math.min(a, b, nn), r: Math.min(Math.max(a, b), nn) })) },
    // L = R: symmetry when N - L is even, the Grundy table when it is odd.
    { weight: 3, arbitrary: fc.tuple(n, length).map(([nn, a]): Input => ({ n: nn, l: Math.min(a, nn), r: Math.min(a, nn) })) },
    // L = R small: long games, and most of the positions where going second is right.
    { weight: 3, arbitrary: fc.tuple(n, fc.integer({ min: 1, max: 4 })).map(([nn, a]): Input => ({ n: nn, l: Math.min(a, nn), r: Math.min(a, nn) })) },
  );
}

export default definePackage<Input>({
  slug: 'subtraction-game',
  title: { en: 'Generalized Subtraction Game', zh: '广义取数游戏' },
  source: 'AtCoder ABC278 G Generalized Subtraction Game',
  limits: { timeMs: 2000, memoryMb: 256 },
  checker: 'tokens',
  interactive: true,
  arbitrary: game,
  format: ({ n, l, r }) => `${n} ${l} ${r}\n`,
  validate: validator((rd) => {
    const n = rd.int(1, MAX_N, 'N');
    rd.space();
    const l = rd.int(1, n, 'L');
    rd.space();
    rd.int(l, n, 'R');
    rd.eoln();
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { n: 1, l: 1, r: 1 },
    { n: 2, l: 1, r: 1 },
    { n: 7, l: 7, r: 7 },
    { n: MAX_N, l: MAX_N, r: MAX_N },
    // The 2,000-move game: every card alone, N even, so the judge moves first and loses.
    { n: MAX_N, l: 1, r: 1 },
    { n: 1999, l: 1, r: 1 },
    { n: 200, l: 1, r: 1 },
    // L < R.
    { n: MAX_N, l: 1, r: MAX_N },
    { n: MAX_N, l: 3, r: 5 },
    { n: 1999, l: 2, r: 3 },
    // L = R with N - L even (symmetry) and odd (Grundy values), first-player wins.
    { n: MAX_N, l: 4, r: 4 },
    { n: MAX_N, l: 3, r: 3 },
    { n: 1000, l: 7, r: 7 },
    { n: 13, l: 2, r: 2 },
    // L = R, N - L odd, where going second is right.
    { n: 5, l: 2, r: 2 },
    { n: 89, l: 2, r: 2 },
    { n: 1997, l: 2, r: 2 },
    { n: 1500, l: 1, r: 1 },
    // L = R, N - L odd, rows long enough for Grundy values of 32 and more (from 434 cards at L = 3):
    // a mex kept in an array of 32 misjudges the whole row or plays a first move to a won position.
    { n: 1994, l: 3, r: 3 },
    { n: 1999, l: 4, r: 4 },
    { n: 2000, l: 5, r: 5 },
    { n: 1997, l: 6, r: 6 },
    { n: 2000, l: 7, r: 7 },
    { n: 1999, l: 8, r: 8 },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 5 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 5 },
  ],
  invalidInputs: [
    { input: '0 1 1\n', why: 'N = 0' },
    { input: '2001 1 1\n', why: 'N above 2000' },
    { input: '6 0 2\n', why: 'L = 0' },
    { input: '6 3 2\n', why: 'L above R' },
    { input: '6 1 7\n', why: 'R above N' },
    { input: '6 1\n', why: 'R missing' },
    { input: '6 1 2 0\n', why: 'an extra token' },
    { input: '6\n1 2\n', why: 'N, L and R on separate lines' },
  ],
});
