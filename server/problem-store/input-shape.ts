import type { CaseLayout } from '../problems/case-layout';
import type { Validation } from '../problems/types';

/**
 * What the judge can check of a stored problem's input without a validator of the package's own:
 * text of lines, not empty, and, for a problem whose input is T cases of fixed lines (a declared
 * case layout), a first line holding T ≥ 1 followed by exactly T cases. Random inputs from the
 * generator must pass it (a failure is a bug in the package) and so must every step of the text
 * shrinking. Without a layout, a shrinking step must keep the input's shape (lines and the number
 * of tokens on each): only numbers are lowered and characters of words removed, since nothing says
 * which other inputs the problem accepts.
 */
export function storedInputCheck(layout: CaseLayout | null | undefined): (input: string) => Validation {
  return (input) => {
    if (input.trim() === '') return { ok: false, line: 1, message: 'the input is empty' };
    if (!input.endsWith('\n')) return { ok: false, line: 1, message: 'the input does not end with a newline' };
    if (!layout) return { ok: true };
    const lines = input.slice(0, -1).split('\n');
    const first = lines[0]!.trim();
    if (!/^\d+$/.test(first) || Number(first) < 1) return { ok: false, line: 1, message: `the first line must be the number of cases T ≥ 1, not "${first.slice(0, 40)}"` };
    const want = 1 + Number(first) * layout.inputLinesPerCase;
    if (lines.length !== want) return { ok: false, line: Math.min(lines.length, want), message: `T = ${first} cases of ${layout.inputLinesPerCase} line(s) need ${want} lines, the input has ${lines.length}` };
    return { ok: true };
  };
}

/**
 * The same shape (see storedInputCheck): the same lines with the same number of tokens, every
 * number still a number, and one that was not negative not made negative.
 */
export function sameShape(original: string, candidate: string): boolean {
  const grid = (s: string): string[][] => s.split('\n').map((l) => l.split(/\s+/).filter(Boolean));
  const a = grid(original);
  const b = grid(candidate);
  if (a.length !== b.length) return false;
  return a.every((line, i) => {
    const other = b[i]!;
    if (line.length !== other.length) return false;
    return line.every((tok, j) => !/^-?\d+$/.test(tok) || (/^-?\d+$/.test(other[j]!) && (tok.startsWith('-') || !other[j]!.startsWith('-'))));
  });
}
