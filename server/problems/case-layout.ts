/**
 * Where a wrong answer's first difference falls, as "case k of T", for the problems whose input is
 * `T` then T cases of a fixed number of lines, each answered by a fixed number of lines (the
 * contract in ../shared/problems.md, beside the repository). Problems not listed here (ended by a
 * sentinel, one input, interactive) get no case: the mapping would be a guess.
 *
 * A table of data rather than a field of each package: the web server shows it, and loading the
 * packages (fast-check, generators) there would put the judge's work on the HTTP thread.
 */
export interface CaseLayout {
  /** Lines each case takes in the input, after the first line holding T. */
  inputLinesPerCase: number;
  /** Lines each case's answer takes in the expected output. */
  answerLinesPerCase: number;
}

export const CASE_LAYOUTS: Readonly<Record<string, CaseLayout>> = {
  ed: { inputLinesPerCase: 2, answerLinesPerCase: 1 },
  'bash-game': { inputLinesPerCase: 1, answerLinesPerCase: 1 },
  nim: { inputLinesPerCase: 2, answerLinesPerCase: 1 },
  'flip-game': { inputLinesPerCase: 1, answerLinesPerCase: 1 },
  'anti-nim': { inputLinesPerCase: 2, answerLinesPerCase: 1 },
  'staircase-nim': { inputLinesPerCase: 2, answerLinesPerCase: 1 },
  'k-nim': { inputLinesPerCase: 2, answerLinesPerCase: 1 },
  'split-game': { inputLinesPerCase: 2, answerLinesPerCase: 2 },
  'alice-game': { inputLinesPerCase: 1, answerLinesPerCase: 1 },
  'chess-link': { inputLinesPerCase: 1, answerLinesPerCase: 1 },
  'colouring-game': { inputLinesPerCase: 2, answerLinesPerCase: 1 },
};

/**
 * The layout the judge and the pages use: a built-in problem's from the table above, else a stored
 * problem's (a published lab draft declares one; server/problem-store/case-layouts.ts).
 */
export function caseLayoutOf(slug: string, stored?: (slug: string) => CaseLayout | undefined): CaseLayout | undefined {
  return CASE_LAYOUTS[slug] ?? stored?.(slug);
}

export interface FailingCase {
  /** 1-based case number and the number of cases. */
  index: number;
  of: number;
  /** 1-based input lines of that case, first and last. */
  firstInputLine: number;
  lastInputLine: number;
}

const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/**
 * The case holding the first token where output differs from expected (compared as the checker
 * does, token by token), or null when the texts do not have the layout's exact shape or the
 * difference lies past the expected answers.
 */
export function failingCase(layout: CaseLayout, input: string, expected: string, output: string): FailingCase | null {
  const inLines = linesOf(input);
  const t = /^\d+$/.test(inLines[0]?.trim() ?? '') ? Number(inLines[0]) : NaN;
  const expLines = linesOf(expected);
  if (!Number.isSafeInteger(t) || t < 1) return null;
  if (inLines.length !== 1 + t * layout.inputLinesPerCase || expLines.length !== t * layout.answerLinesPerCase) return null;
  const want = expLines.flatMap((line, l) => line.split(/\s+/).filter(Boolean).map((tok) => ({ tok, line: l })));
  const got = output.split(/\s+/).filter(Boolean);
  const at = want.findIndex((w, i) => got[i] !== w.tok);
  if (at < 0) return null;
  const index = Math.floor(want[at]!.line / layout.answerLinesPerCase) + 1;
  const firstInputLine = 2 + (index - 1) * layout.inputLinesPerCase;
  return { index, of: t, firstInputLine, lastInputLine: firstInputLine + layout.inputLinesPerCase - 1 };
}
