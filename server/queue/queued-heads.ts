/**
 * What waits, for the turn rule: every kind's oldest queued job per person, read from the kinds'
 * own tables through the registry (a kind added there takes part without a change here).
 */
import type { Db } from '../storage/db';
import { KINDS_BY_PRIORITY } from './kinds/registry';
import type { Head } from './person-turns';

export function queuedHeads(db: Db): Head[] {
  const heads: Head[] = [];
  for (const k of KINDS_BY_PRIORITY) {
    const rows = db.prepare(`SELECT MIN(id) AS id, ${k.person} AS person FROM ${k.table} WHERE status = 'queued' GROUP BY 2`).all() as { id: number; person: string }[];
    for (const r of rows) heads.push({ kind: k.kind, id: r.id, person: r.person, priority: k.priority, long: k.long === true, ...(k.background ? { background: true } : {}) });
  }
  return heads;
}
