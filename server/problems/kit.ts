import * as fc from 'fast-check';
import { validator, type InputReader } from './input-reader';
import type { Size, Validation } from './types';

// The shapes most packages share, so that a package file holds only what is particular to its game.

/** How large a package's random inputs get at each size (cases per file, items per case, values...). */
export type SizeTable<Shape> = Readonly<Record<Size, Shape>>;

/**
 * Up to `most` cases of one game, exactly `most` at size max (the largest files are always full).
 * fast-check's own size is pinned to 'max' so that `most` alone bounds the length.
 */
export function casesOf<Case>(size: Size, most: number, one: fc.Arbitrary<Case>): fc.Arbitrary<Case[]> {
  return fc.array(one, { minLength: size === 'max' ? most : 1, maxLength: most, size: 'max' });
}

/** The "T, then T cases" file: the count on its own line, then each case as `one` writes it (with its line ends). */
export function formatCases<Case>(cases: readonly Case[], one: (c: Case) => string): string {
  return `${cases.length}\n${cases.map(one).join('')}`;
}

/** A validator for "T in [1, maxT] on its own line, then T cases", each read by `one`. */
export function casesValidator(maxT: number, one: (r: InputReader, index: number) => void, name = 'T'): (text: string) => Validation {
  return validator((r) => {
    const t = r.int(1, maxT, name);
    r.eoln();
    for (let i = 0; i < t; i++) one(r, i);
  });
}

/**
 * The format violations every package must reject, made from one valid input: nothing at all, the
 * last line end missing, CRLF line ends, a blank line or a space at the start, a doubled space, and
 * a leading zero on the first integer. Shapes the input has no room for (no space) are left out.
 */
export function genericInvalidInputs(valid: string): { input: string; why: string }[] {
  const out = [
    { input: '', why: 'empty input' },
    { input: valid.slice(0, -1), why: 'no final newline' },
    { input: valid.replace(/\n/g, '\r\n'), why: 'CRLF line ends' },
    { input: `${valid}\n`, why: 'blank line at the end' },
    { input: ` ${valid}`, why: 'leading space' },
  ];
  if (valid.includes(' ')) out.push({ input: valid.replace(' ', '  '), why: 'two spaces' });
  const integer = /(^|[ \n])(\d)/.exec(valid);
  if (integer) {
    const at = integer.index + integer[1]!.length;
    out.push({ input: `${valid.slice(0, at)}0${valid.slice(at)}`, why: 'leading zero' });
  }
  return out;
}
