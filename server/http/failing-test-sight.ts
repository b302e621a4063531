/**
 * Whether a viewer may read a submission's failing test (its input, the expected and the program's
 * output, the checker's message, the five downloads), decided once for the page and the downloads:
 * - during an ICPC or practice round, only the verdict and the test's number (round-tools.ts);
 * - an imported package's `data/secret` test stays the judge's, as the package format says
 *   (problemtools and DOMjudge show a contestant none of them); its samples, the judge's own
 *   built-in tests and a student's own tests are shown as before.
 * Teachers see everything.
 */
import type { Response } from 'express';
import { prepared, type Db } from '../storage/db';
import { getSubmission } from '../storage/submissions';
import { said, type Said } from '../text/messages';
import { isTeacher } from './auth/viewer';
import { failingTestHiddenBy } from './round-tools';

export interface FailingTestHidden {
  /** Said on the page, in place of the failing test's texts. */
  note: Said;
  /** Said with the 403 of a failing test's download. */
  refusal: Said;
}

export function failingTestHidden(db: Db, res: Response, submission: number, now = Date.now()): FailingTestHidden | null {
  if (isTeacher(res)) return null;
  const round = failingTestHiddenBy(db, res, submission, now);
  if (round) return { note: said('round.failing-hidden', round.name), refusal: said('round.no-failing-file', round.name) };
  const s = getSubmission(db, submission);
  if (!s || s.failedTest === null || !isSecretPackageTest(db, s.problem, s.failedTest)) return null;
  return { note: said('secret.failing-hidden', s.failedTest), refusal: said('secret.no-failing-file', s.failedTest) };
}

/** A stored (imported or drafted) problem's test that came from its package's data/secret (server/problem-store/store.ts labels them). */
function isSecretPackageTest(db: Db, problem: string, idx: number): boolean {
  return (
    prepared(db, "SELECT 1 FROM tests t JOIN stored_problems sp ON sp.slug = t.problem WHERE t.problem = ? AND t.idx = ? AND t.kind = 'edge' AND t.label LIKE 'secret %'").get(problem, idx) !==
    undefined
  );
}
