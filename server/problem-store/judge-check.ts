import type { Compiler } from '../compile/types';
import type { Db } from '../storage/db';
import { checkOf, type StoredCheck } from './check';
import { prepared } from '../storage/db';
import type { StoredChecker } from './types';

/**
 * The output check of a stored problem, for a judge thread; undefined for a built-in (the token
 * checker or its interactor judge it). One read of one row per judged submission; a validator's
 * or an interactor's sandbox is started on its first test and closed with `close`.
 */
export function storedCheckFor(db: Db, slug: string, compiler: Compiler): StoredCheck | undefined {
  // Only the checker, not the whole package (its solution sources can be large).
  const row = prepared(
    db,
    "SELECT json_extract(s.package, '$.checker') AS checker, p.time_limit_ms AS timeMs FROM stored_problems s LEFT JOIN problems p ON p.slug = s.slug WHERE s.slug = ?",
  ).get(slug) as { checker: string; timeMs: number | null } | undefined;
  return row && checkOf(JSON.parse(row.checker) as StoredChecker, compiler, { timeMs: row.timeMs ?? 1000 });
}
