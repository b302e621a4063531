import { prepared, type Db } from '../storage/db';
import { JOB_KINDS } from './kinds/registry';

/**
 * Work done in local mode (no owner) becomes the first teacher's when accounts are switched on:
 * nothing is lost, and students do not inherit it. It lives beside the job-kind registry (not in
 * storage/) because it loops over every kind's table: a kind added there is adopted too.
 */
export function adoptLocalWork(db: Db): number {
  const teacher = prepared(db, "SELECT id FROM accounts WHERE role = 'teacher' AND removed_at IS NULL ORDER BY id LIMIT 1").get() as { id: number } | undefined;
  if (!teacher) return 0;
  let changed = 0;
  db.transaction(() => {
    // Every job kind's table, from the registry (sample runs were once missed by a hand-kept list).
    for (const { table } of Object.values(JOB_KINDS)) {
      changed += db.prepare(`UPDATE ${table} SET owner = ? WHERE owner IS NULL`).run(teacher.id).changes;
    }
    // User tests saved in local mode stay shared: they ran for every submission before too.
  })();
  return changed;
}
