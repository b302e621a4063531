import type { Compiler } from '../compile/types';
import type { Db } from '../storage/db';
import { checkOf } from './check';
import { getStoredProblem } from './store';

/**
 * The output check of a stored problem, for a judge thread; undefined for a built-in (the token
 * checker or its interactor judge it). One read of one row per judged submission; a validator's
 * sandbox is started on its first test and closed with `close`.
 */
export function storedCheckFor(db: Db, slug: string, compiler: Compiler): ReturnType<typeof checkOf> | undefined {
  const stored = getStoredProblem(db, slug);
  return stored && checkOf(stored.data.checker, compiler);
}
