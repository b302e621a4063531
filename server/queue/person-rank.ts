/**
 * Whose a job is, as turns and caps count people (the sandbox keeps a worker for that person's next
 * program), and distributed mode's turns (server/distributed/remote-queue.ts): a job's rank is how many unfinished
 * jobs of any kind its person started before it, so BullMQ, taking lower ranks first, serves every
 * person's first job before anyone's second, whatever kinds they flood.
 */
import type { Db } from '../storage/db';
import { kindModule, KINDS_BY_PRIORITY } from './kinds/registry';
import type { JobKind } from './protocol';

/** The person a job is counted for (its kind's `person` SQL: the account, or the address without accounts); null if unknown. */
export function jobPerson(db: Db, kind: JobKind, id: number): string | null {
  return jobRow(db, kind, id)?.person || null;
}

function jobRow(db: Db, kind: JobKind, id: number): { person: string; at: number } | undefined {
  const me = kindModule(kind);
  return db.prepare(`SELECT ${me.person} AS person, created_at AS at FROM ${me.table} WHERE id = ?`).get(id) as { person: string; at: number } | undefined;
}

export function personRank(db: Db, kind: JobKind, id: number): number {
  const me = kindModule(kind);
  const row = jobRow(db, kind, id);
  if (!row) return 0;
  let rank = 0;
  for (const k of KINDS_BY_PRIORITY) {
    const sameTable = k.table === me.table ? 1 : 0;
    const n = db
      .prepare(`SELECT COUNT(*) AS n FROM ${k.table} WHERE ${k.unfinished} AND ${k.person} = ? AND (created_at < ? OR (? = 1 AND created_at = ? AND id < ?))`)
      .get(row.person, row.at, sameTable, row.at, id) as { n: number };
    rank += n.n;
  }
  return rank;
}
