import type { Compiler } from '../compile/types';
import type { Db } from '../storage/db';
import { checkOf } from './check';
import { prepared } from '../storage/db';
import type { StoredChecker } from './types';

/**
 * The output check of a stored problem, for a judge thread; undefined for a built-in (the token
 * checker or its interactor judge it). One read of one row per judged submission; a validator's
 * sandbox is started on its first test and closed with `close`.
 */
export function storedCheckFor(db: Db, slug: string, compiler: Compiler): ReturnType<typeof checkOf> | undefined {
  // Only the checker, not the whole package (its solution sources can be large).
  const row = prepared(db, "SELECT json_extract(package, '$.checker') AS checker FROM stored_problems WHERE slug = ?").get(slug) as { checker: string } | undefined;
  return row && checkOf(JSON.parse(row.checker) as StoredChecker, compiler);
}
