import { getStoredProblem } from '../problem-store/store';
import type { Db } from '../storage/db';
import { HttpError } from './errors';

/**
 * Stress tests, custom invocations and saved tests need the problem's generator, validator and
 * fast reference, which only a built-in package (problems/<slug>/) has: a stored problem answers
 * 409 with the reason instead of failing in the judge thread.
 */
export function refuseForStored(db: Db, slug: string): void {
  if (getStoredProblem(db, slug)) {
    throw new HttpError(409, `${slug} was imported as a package without a generator: stress tests, custom inputs and saved tests are off for it.`);
  }
}
