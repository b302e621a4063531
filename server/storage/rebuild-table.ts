import type { Db } from './db';

/**
 * Rebuilds `table` with one constraint's text replaced (SQLite cannot alter a CHECK): a new table
 * from the stored definition with `before` replaced by `after` everywhere it occurs, every row
 * copied in column order, the old table dropped, the new one renamed, its indexes made again.
 * Must run inside a transaction with foreign keys off (Migration.foreignKeysOff): other tables'
 * references name the table, so they hold once the rebuilt one has its name.
 */
export function rebuildWithCheck(db: Db, table: string, before: string, after: string): void {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string } | undefined;
  if (!row) throw new Error(`no table ${table} to rebuild`);
  if (!row.sql.includes(before)) throw new Error(`table ${table} has no ${before} to replace`);
  const indexes = (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table) as { sql: string }[]).map((i) => i.sql);
  const temp = `${table}__rebuilt`;
  const head = new RegExp(`^CREATE TABLE\\s+("?)${table}\\1`);
  if (!head.test(row.sql)) throw new Error(`table ${table}'s definition does not start as expected`);
  db.exec(row.sql.replace(head, `CREATE TABLE ${temp}`).split(before).join(after));
  db.exec(`INSERT INTO ${temp} SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${temp} RENAME TO ${table}`);
  for (const sql of indexes) db.exec(sql);
}
