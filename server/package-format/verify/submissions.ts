/**
 * The submissions part: the folders the version knows and an accepted solution (the format's
 * structure), then the solution table, each solution judged on every test by the real judge and
 * held to what its folder says: an imported package's (server/problem-store/solutions.ts), a
 * draft's (server/problem-drafts/checks.ts), a built-in problem's (`npm run check-problems`,
 * server/judge/solution-table.ts). An accepted solution that fails refuses the import or the
 * publish; the rest are warnings and notes.
 */
import type { Verdict } from '../../judge/verdicts';
import type { SolutionRow } from '../../judge/solution-table';
import { KNOWN_SUBMISSION_FOLDERS } from '../layout';
import { findingsOf, type Finding } from './findings';
import type { PackageView } from './package-view';

export function submissionFolderFindings({ listing, version, strict }: PackageView): Finding[] {
  const { found, error, soft } = findingsOf('submissions', strict);
  const { files } = listing;
  const folders = new Set(files.filter((f) => f.startsWith('submissions/')).map((f) => f.split('/')[1]!));
  if (strict) for (const folder of folders) if (!KNOWN_SUBMISSION_FOLDERS[version].includes(folder)) error(`submissions/${folder} is not a folder the ${version} format knows (${KNOWN_SUBMISSION_FOLDERS[version].join(', ')}).`);
  if (!files.some((f) => f.startsWith('submissions/accepted/'))) soft('submissions/accepted/ holds no solution.');
  return found;
}

/** What the import's table says of one solution (server/problem-store/types.ts `SolutionReport`). */
export interface ImportRow {
  folder: string;
  name: string;
  expected: string;
  got: Verdict | null;
  failedTest: number | null;
  ok: boolean;
  note: string | null;
  languageName?: string;
}

/** An imported package's solution table: an accepted solution that fails is an error; every other surprise a warning. */
export function importTableFindings(solutions: readonly ImportRow[]): Finding[] {
  const { found, error, warning, note } = findingsOf('submissions');
  for (const r of solutions.filter((r) => r.folder === 'accepted' && r.got !== null && !r.ok)) {
    error(`The accepted solution ${r.name} gets ${r.got}${r.failedTest === null ? '' : ` on test ${r.failedTest}`}${r.note ? ` (${r.note})` : ''}.`);
  }
  if (!solutions.some((r) => r.folder === 'accepted' && r.ok)) note('No accepted solution was judged here: the answers are taken as the package gives them.');
  for (const r of solutions.filter((r) => r.got !== null && !r.ok)) warning(`${r.folder}/${r.name} was expected to get ${r.expected} but got ${r.got}.`);
  const notJudged = new Map<string, number>();
  for (const r of solutions.filter((r) => r.got === null)) {
    const what = r.note?.replace(/^not judged: /, '') ?? r.languageName ?? 'unknown';
    notJudged.set(what, (notJudged.get(what) ?? 0) + 1);
  }
  for (const [what, n] of notJudged) note(`${n} submission(s) not judged: ${what}.`);
  return found;
}

/** One row of a draft's table: a solution, the verdict its folder asks for, and the one it got. */
export interface DraftRow {
  name: string;
  expected: Verdict;
  /** null while it has not run yet. */
  verdict: Verdict | null;
  /** 1-based over samples then secret tests; null when it passed them all (or never ran). */
  failedTest: number | null;
}

/** A draft's solution table: every solution must get the verdict it is filed under, and there must be a reference. */
export function draftTableFindings(rows: readonly DraftRow[], hasReference: boolean): Finding[] {
  const { found, error } = findingsOf('submissions');
  for (const r of rows) {
    if (r.verdict === r.expected) continue;
    if (r.expected === 'AC') error(`${r.name} must be accepted but gets ${r.verdict}${r.failedTest ? ` on test ${r.failedTest}` : ''}.`);
    else if (r.verdict === 'AC') error(`${r.name} should get ${r.expected} but passes every test: add a test it fails.`);
    else error(`${r.name} should get ${r.expected} but gets ${r.verdict}${r.failedTest ? ` on test ${r.failedTest}` : ''}.`);
  }
  if (!hasReference) error('A draft needs a reference solution (accepted).');
  return found;
}

/** A wrong solution caught by fewer tests than this is caught by accident. */
export const MIN_FAILING_TESTS = 3;
/** A slow solution must need at least this multiple of the limit, so that a busy machine cannot pass it. */
export const MIN_SLOW_MARGIN = 3;

/**
 * What is wrong with a row, in sentences (empty when it is as it must be): the verdict, a wrong
 * solution failing a sample or too few tests, a slow one too close to the limit.
 */
export function rowFaults(row: SolutionRow, samples: number): string[] {
  const faults: string[] = [];
  if (!row.ok) faults.push(`expected ${row.expected}, got ${row.got}`);
  if (row.expected === 'WA') {
    if (row.failedTest !== null && row.failedTest <= samples) faults.push(`fails sample ${row.failedTest}`);
    if (row.failures < MIN_FAILING_TESTS) faults.push(`fails only ${row.failures} test(s), fewer than ${MIN_FAILING_TESTS}`);
  }
  if (row.expected === 'TLE' && row.margin && row.margin.factor < MIN_SLOW_MARGIN) {
    faults.push(`needs only ${row.margin.factor.toFixed(1)}x the limit, less than ${MIN_SLOW_MARGIN}x`);
  }
  return faults;
}

/** A built-in problem's solution-table row (`npm run check-problems`): what is wrong with it, as errors. */
export function builtInRowFindings(row: SolutionRow, samples: number): Finding[] {
  return rowFaults(row, samples).map((text) => ({ part: 'submissions', severity: 'error', text }));
}
