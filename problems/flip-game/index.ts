import * as fc from 'fast-check';
import { casesOf, casesValidator, formatCases, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { states: string[] };

const MAX_T = 100;
const MAX_LEN = 60;

/** Per size: strings per file, longest string. Tiny and small stay where the string search is quick. */
const SHAPE: SizeTable<{ t: number; len: number }> = {
  tiny: { t: 3, len: 8 },
  small: { t: 5, len: 18 },
  medium: { t: 30, len: MAX_LEN },
  max: { t: MAX_T, len: MAX_LEN },
};

const plus = fc.constant('+');
const minus = fc.constant('-');

/** Cuts or pads with '-' (which adds no move) to a length in [min, max]. */
function fit(s: string, min: number, max: number): string {
  return s.length > max ? s.slice(0, max) : s.padEnd(min, '-');
}

function state(size: Size): fc.Arbitrary<string> {
  const { len } = SHAPE[size];
  const min = size === 'max' ? len : 1;
  const chars = (plusWeight: number) =>
    fc
      .array(fc.oneof({ weight: plusWeight, arbitrary: plus }, { weight: 1, arbitrary: minus }), { minLength: min, maxLength: len, size: 'max' })
      .map((cs) => cs.join(''));
  // Runs of '+' split by one or two '-': the shape the per-run analysis is about.
  const runs = fc
    .array(fc.tuple(fc.integer({ min: 1, max: Math.min(len, 20) }), fc.integer({ min: 1, max: 2 })), { minLength: 1, maxLength: len, size: 'max' })
    .map((rs) => fit(rs.map(([r, gap]) => '+'.repeat(r) + '-'.repeat(gap)).join(''), min, len));
  // Two equal runs: a losing position for whoever moves, whatever the run's own value.
  const twin = fc
    .integer({ min: 1, max: Math.floor((len - 1) / 2) })
    .map((r) => fit(`${'+'.repeat(r)}-${'+'.repeat(r)}`, min, len));
  const allPlus = fc.integer({ min, max: len }).map((l) => '+'.repeat(l));
  return fc.oneof(
    { weight: 3, arbitrary: chars(3) },
    { weight: 1, arbitrary: chars(1) },
    { weight: 3, arbitrary: runs },
    { weight: 1, arbitrary: twin },
    { weight: 1, arbitrary: allPlus },
  );
}

/** A string of runs of '+' of the given lengths, each followed by one '-'. */
function ofRuns(...lengths: number[]): string {
  return lengths.map((l) => '+'.repeat(l)).join('-');
}

export default definePackage<Input>({
  slug: 'flip-game',
  title: { en: 'Flip Game II', zh: '翻转游戏 II' },
  source: 'LeetCode 294 Flip Game II (翻转游戏 II)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].t, state(size))
      .map((states) => ({ states })),
  format: ({ states }) => formatCases(states, (s) => `${s}\n`),
  validate: casesValidator(MAX_T, (r, i) => {
    r.word(/^[+-]{1,60}$/, `currentState[${i + 1}]`, "1 to 60 characters '+' or '-'");
    r.eoln();
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { states: ['-'] },
    { states: ['++'] },
    { states: ['+'.repeat(MAX_LEN)] },
    { states: ['-'.repeat(MAX_LEN), '+-'.repeat(MAX_LEN / 2), '-+'.repeat(MAX_LEN / 2)] },
    // Every run of '+' alone, 1 to 60 long (Dawson's Kayles: the losing ones are 1, 5, 9, 15, 21, ...).
    { states: Array.from({ length: MAX_LEN }, (_, i) => '+'.repeat(i + 1)) },
    // Two equal runs cancel: the second player copies the first player's moves in the other run.
    { states: Array.from({ length: 29 }, (_, i) => ofRuns(i + 1, i + 1)) },
    // Every string of two runs filling all 60 characters: '+' × a, '-', '+' × (59 - a).
    { states: Array.from({ length: 59 }, (_, a) => ofRuns(a, 59 - a)) },
    // Many runs of winning lengths that XOR to 0 or not: the "any run wins" shortcut breaks here.
    { states: Array.from({ length: MAX_T }, (_, i) => fit(ofRuns(...Array.from({ length: 20 }, (_, j) => 2 + ((i + j) % 3))), MAX_LEN, MAX_LEN)) },
    { states: Array.from({ length: MAX_T }, (_, i) => '+'.repeat(MAX_LEN - (i % 4)) + '-'.repeat(i % 4)) },
  ],
  generated: [
    { size: 'tiny', count: 6 },
    { size: 'small', count: 8 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 6 },
  ],
  invalidInputs: [
    { input: '2\n++++\n', why: 'fewer strings than T' },
    { input: '1\n++++\n+\n', why: 'more strings than T' },
    { input: '0\n', why: 'T = 0' },
    { input: `101\n${'+\n'.repeat(101)}`, why: 'T above 100' },
    { input: `1\n${'+'.repeat(61)}\n`, why: 'string longer than 60' },
    { input: '1\n\n', why: 'empty string' },
    { input: '1\n++*+\n', why: 'a character other than + and -' },
    { input: '1\n++ ++\n', why: 'a space inside the string' },
  ],
});
