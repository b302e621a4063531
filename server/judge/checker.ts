/**
 * Token comparison, as Codeforces' default checker: outputs are equal when their sequences of
 * whitespace-separated tokens are equal (case-sensitive). Line structure and trailing blanks do not
 * matter. Written as a scanner over both strings so a 64 MiB output is never split into an array.
 */
export interface CheckResult {
  ok: boolean;
  /** Why the output was rejected, in the words a checker log uses. */
  message: string;
}

export function compareTokens(expected: string, got: string): CheckResult {
  let i = 0;
  let j = 0;
  let index = 0;
  for (;;) {
    i = skipBlanks(expected, i);
    j = skipBlanks(got, j);
    const expEnd = i >= expected.length;
    const gotEnd = j >= got.length;
    if (expEnd && gotEnd) return { ok: true, message: `ok ${index} token(s)` };
    index++;
    if (expEnd) return { ok: false, message: `extra output: token ${index} "${clip(readToken(got, j))}" where the answer has ended` };
    if (gotEnd) return { ok: false, message: `unexpected end of output: token ${index} should be "${clip(readToken(expected, i))}"` };
    const a = readToken(expected, i);
    const b = readToken(got, j);
    if (a !== b) return { ok: false, message: `token ${index} differs: expected "${clip(a)}", found "${clip(b)}"` };
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

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
