import { describe, expect, it } from 'vitest';
import { validator } from '../../server/problems/input-reader';

/**
 * The strict input reader behind every problem's validator, in the manner of Kattis problemtools'
 * input-validator cases: a table of inputs for a small format, each with the answer it must get
 * and, for a rejection, the line and the reason a problem author reads.
 *
 * The format: a line with n (1 ≤ n ≤ 5), then a line of n integers a_i (0 ≤ a_i ≤ 100), then a
 * line with a word L or R, then the end of the file.
 */
const validate = validator((r) => {
  const n = r.int(1, 5, 'n');
  r.eoln();
  r.intsLine(n, 0, 100, 'a');
  r.word(/^[LR]$/, 'side', 'L or R');
  r.eoln();
});

type Row = [why: string, input: string, expected: 'ok' | { line: number; message: RegExp }];

const rows: Row[] = [
  ['a well-formed input', '2\n1 2\nL\n', 'ok'],
  ['the bounds themselves', '5\n0 100 0 100 50\nR\n', 'ok'],
  ['no final newline', '2\n1 2\nL', { line: 3, message: /^expected end of line, found end of input$/ }],
  ['an empty file', '', { line: 1, message: /^expected n, found end of input$/ }],
  ['a blank line at the end', '2\n1 2\nL\n\n', { line: 4, message: /^expected end of input, found a line break$/ }],
  ['Windows line endings', '2\r\n1 2\r\nL\r\n', { line: 1, message: /^expected end of line, found a carriage return/ }],
  ['a leading space', ' 2\n1 2\nL\n', { line: 1, message: /^expected n, found an extra space$/ }],
  ['a trailing space', '2 \n1 2\nL\n', { line: 1, message: /^expected end of line, found an extra space$/ }],
  ['two spaces between numbers', '2\n1  2\nL\n', { line: 2, message: /^expected a\[2\], found an extra space$/ }],
  ['a tab between numbers', '2\n1\t2\nL\n', { line: 2, message: /^expected a single space, found a tab$/ }],
  ['too few numbers on the line', '2\n1\nL\n', { line: 2, message: /^expected a single space, found a line break$/ }],
  ['too many numbers on the line', '2\n1 2 3\nL\n', { line: 2, message: /^expected end of line, found an extra space$/ }],
  ['n above its bound', '6\n1 2 3 4 5 6\nL\n', { line: 1, message: /^n must be in \[1, 5\], got 6$/ }],
  ['n below its bound', '0\n\nL\n', { line: 1, message: /^n must be in \[1, 5\], got 0$/ }],
  ['a value above its bound', '2\n1 101\nL\n', { line: 2, message: /^a\[2\] must be in \[0, 100\], got 101$/ }],
  ['a negative value', '1\n-1\nL\n', { line: 2, message: /^a\[1\] must be in \[0, 100\], got -1$/ }],
  ['a leading zero', '02\n1 2\nL\n', { line: 1, message: /^n must be an integer, got "02"$/ }],
  ['a plus sign', '+2\n1 2\nL\n', { line: 1, message: /^n must be an integer, got "\+2"$/ }],
  ['minus zero', '1\n-0\nL\n', { line: 2, message: /^a\[1\] must be an integer, got "-0"$/ }],
  ['exponent notation', '1\n1e2\nL\n', { line: 2, message: /^a\[1\] must be an integer, got "1e2"$/ }],
  ['a decimal point', '1\n1.0\nL\n', { line: 2, message: /^a\[1\] must be an integer/ }],
  ['a number past the safe integers', '1\n9007199254740993\nL\n', { line: 2, message: /^a\[1\] must be in \[0, 100\], got 9007199254740993$/ }],
  ['a long bad token is cut in the message', `${'9'.repeat(40)}x\n`, { line: 1, message: /^n must be an integer, got "9{24}…"$/ }],
  ['a word outside its set', '1\n5\nX\n', { line: 3, message: /^side must be L or R, got "X"$/ }],
  ['a word in the wrong case', '1\n5\nl\n', { line: 3, message: /^side must be L or R, got "l"$/ }],
  ['text after the last line', '1\n5\nL\nextra\n', { line: 4, message: /^expected end of input, found "e"$/ }],
];

describe('the strict input reader', () => {
  it.each(rows)('%s', (_why, input, expected) => {
    const v = validate(input);
    if (expected === 'ok') {
      expect(v).toEqual({ ok: true });
      return;
    }
    expect(v.ok, 'should be rejected').toBe(false);
    if (v.ok) return;
    expect({ line: v.line, message: v.message }).toEqual({ line: expected.line, message: expect.stringMatching(expected.message) });
  });
});
