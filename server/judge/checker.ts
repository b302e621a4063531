/**
 * Token comparison, as Codeforces' default checker: outputs are equal when their sequences of
 * whitespace-separated tokens are equal (case-sensitive). Line structure and trailing blanks do not
 * matter. Written as a scanner over both strings so a 64 MiB output is never split into an array.
 * Where the answer's line is a phrase (several tokens, words among them: "What a pity!"), a
 * difference is reported as the two lines, since a single word of a phrase reads as nonsense.
 */
import { english, said, type Said } from '../text/messages';

export interface CheckResult {
  ok: boolean;
  /** Why the output was rejected, in the words a checker log uses (the English of `said`). */
  message: string;
  /** The same as a message id and arguments (server/text/messages.ts): pages say it by id. */
  said?: Said;
}

export const checkResult = (ok: boolean, s: Said): Required<CheckResult> => ({ ok, message: english(s), said: s });

export function compareTokens(expected: string, got: string): CheckResult {
  let i = 0;
  let j = 0;
  let index = 0;
  for (;;) {
    i = skipBlanks(expected, i);
    j = skipBlanks(got, j);
    const expEnd = i >= expected.length;
    const gotEnd = j >= got.length;
    if (expEnd && gotEnd) return checkResult(true, said('checker.ok', index));
    index++;
    if (expEnd) return checkResult(false, said('checker.extra-output', index, clip(readToken(got, j))));
    if (gotEnd) return checkResult(false, said('checker.output-ended', index, clip(readToken(expected, i))));
    const a = readToken(expected, i);
    const b = readToken(got, j);
    if (a !== b) {
      const line = lineAround(expected, i);
      const gotLine = lineAround(got, j);
      // Two lines that read the same (a no-break space for a space) are told apart by the token.
      if (isPhrase(line) && line.trim().split(/\s+/).join(' ') !== gotLine.trim().split(/\s+/).join(' ')) {
        return checkResult(false, said('checker.line-differs', lineNumber(expected, i), clip(line.trim()), clip(gotLine.trim())));
      }
      return checkResult(false, said('checker.token-differs', index, clip(a), clip(b)));
    }
    i += a.length;
    j += b.length;
  }
}

function isBlank(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 11 || code === 12;
}

function skipBlanks(s: string, k: number): number {
  while (k < s.length && isBlank(s.charCodeAt(k))) k++;
  return k;
}

function readToken(s: string, k: number): string {
  let e = k;
  while (e < s.length && !isBlank(s.charCodeAt(e))) e++;
  return s.slice(k, e);
}

/** The line of s holding position k (without its line break). */
function lineAround(s: string, k: number): string {
  const start = s.lastIndexOf('\n', k - 1) + 1;
  const end = s.indexOf('\n', k);
  return s.slice(start, end < 0 ? s.length : end).replace(/\r$/, '');
}

function lineNumber(s: string, k: number): number {
  let n = 1;
  for (let p = s.indexOf('\n'); p >= 0 && p < k; p = s.indexOf('\n', p + 1)) n++;
  return n;
}

/** Several tokens, at least one holding a letter: a sentence, not a row of numbers. */
function isPhrase(line: string): boolean {
  const tokens = line.trim().split(/\s+/);
  return tokens.length > 1 && tokens.some((t) => /\p{L}/u.test(t));
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
