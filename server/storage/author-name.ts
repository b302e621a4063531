/**
 * How an author is named wherever their work is listed (submissions, saved tests, stress runs,
 * invocations): their name, with " (removed account)" after a removed account's, so work kept
 * after an account is closed never passes for a live person's. One rule for SQL and code alike.
 */
import { prepared, type Db } from './db';

export const REMOVED_MARK = ' (removed account)';

/** The SQL expression naming the account whose id is `owner`: its login (`name`) or its `display_name`. */
export function authorSql(field: 'name' | 'display_name', owner = 'owner'): string {
  return `(SELECT ${field} || CASE WHEN removed_at IS NULL THEN '' ELSE '${REMOVED_MARK}' END FROM accounts WHERE accounts.id = ${owner})`;
}

/** An author's display name as pages show it; null for none. */
export function authorName(db: Db, owner: number | null): string | null {
  if (owner === null) return null;
  const row = prepared(db, `SELECT ${authorSql('display_name', '?')} AS name`).get(owner) as { name: string | null };
  return row.name;
}
