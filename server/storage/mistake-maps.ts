import type { LanguageId } from '../languages/registry';
import { prepared, type Db } from './db';

/** What a judge thread sends back for one map: the answers, or why there are none. */
/** `stopped`: the map's CPU budget ran out before every state was run (those answer "?"). */
export type MistakeMapFinal = { got: string; truth: string; disagree: number; error: null; stopped?: boolean } | { got: null; truth: null; disagree: null; error: string; stopped?: undefined };

export interface MistakeMapRow {
  id: number;
  problem: string;
  source: string;
  language: LanguageId;
  submission: number | null;
  status: 'queued' | 'running' | 'done';
  got: string | null;
  truth: string | null;
  disagree: number | null;
  error: string | null;
  /** 1: the CPU budget stopped the map before every state was run. */
  stopped: 0 | 1;
  attempts: number;
  createdAt: number;
  owner: number | null;
}

const COLUMNS = 'id, problem, source, language, submission, status, got, truth, disagree, error, stopped, attempts, created_at AS createdAt, owner';

/**
 * `requester` is the person key (server/queue/person-caps.ts personOf) of whoever asked: the queue
 * gives the map that person's turn and counts it against their cap, while `owner` (who may see it)
 * is the submission's author, so a teacher's batch of maps never spends the students' turns.
 */
export function insertMistakeMap(db: Db, m: { problem: string; source: string; language: LanguageId; submission: number | null; owner: number | null; requester: string }): number {
  const row = prepared(db, 'INSERT INTO mistake_maps (problem, source, language, submission, created_at, owner, client) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id').get(
    m.problem,
    m.source,
    m.language,
    m.submission,
    Date.now(),
    m.owner,
    m.requester,
  ) as { id: number };
  return row.id;
}

export function getMistakeMap(db: Db, id: number): MistakeMapRow | undefined {
  return prepared(db, `SELECT ${COLUMNS} FROM mistake_maps WHERE id = ?`).get(id) as MistakeMapRow | undefined;
}

/** The newest map of a submission (drawn, failed or still to come). */
export function latestMapOfSubmission(db: Db, submission: number): MistakeMapRow | undefined {
  return prepared(db, `SELECT ${COLUMNS} FROM mistake_maps WHERE submission = ? ORDER BY id DESC LIMIT 1`).get(submission) as MistakeMapRow | undefined;
}

export function claimNextMistakeMap(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE mistake_maps SET status = 'running', attempts = attempts + 1
     WHERE id = (SELECT id FROM mistake_maps WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(only, only) as { id: number; attempts: number } | undefined;
}

export function finishMistakeMap(db: Db, id: number, f: MistakeMapFinal): void {
  prepared(db, "UPDATE mistake_maps SET status = 'done', got = ?, truth = ?, disagree = ?, error = ?, stopped = ?, finished_at = ? WHERE id = ?").run(
    f.got,
    f.truth,
    f.disagree,
    f.error,
    f.stopped ? 1 : 0,
    Date.now(),
    id,
  );
}

export function requeueMistakeMap(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE mistake_maps SET status = 'queued', attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

export function requeueInterruptedMistakeMaps(db: Db): number {
  return prepared(db, "UPDATE mistake_maps SET status = 'queued' WHERE status = 'running'").run().changes;
}


/** One group of a class's wrong tables: the programs whose answers are the same letters. */
export interface MapGroup {
  problem: string;
  got: string;
  truth: string;
  disagree: number;
  count: number;
  /** The newest map of the group, as its example. */
  exampleMap: number;
  exampleSubmission: number;
}

/**
 * Every problem's wrong tables of submitted programs, grouped by identical answers, biggest first;
 * each submission counts once (its newest drawn map).
 */
export function groupSubmissionMaps(db: Db): MapGroup[] {
  const rows = prepared(
    db,
    `SELECT m.id, m.submission, m.problem, m.got, m.truth, m.disagree FROM mistake_maps m
     WHERE m.submission IS NOT NULL AND m.got IS NOT NULL AND m.disagree > 0
       AND m.id = (SELECT MAX(n.id) FROM mistake_maps n WHERE n.submission = m.submission AND n.got IS NOT NULL)
     ORDER BY m.id DESC`,
  ).all() as { id: number; submission: number; problem: string; got: string; truth: string; disagree: number }[];
  const groups = new Map<string, MapGroup>();
  for (const r of rows) {
    const key = `${r.problem}\n${r.truth}\n${r.got}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { problem: r.problem, got: r.got, truth: r.truth, disagree: r.disagree, count: 1, exampleMap: r.id, exampleSubmission: r.submission });
  }
  return [...groups.values()].sort((a, b) => a.problem.localeCompare(b.problem) || b.count - a.count || b.exampleMap - a.exampleMap);
}

/** Wrong submissions of problems in `slugs` that have no map yet (for a teacher's "make them all"). */
export function wrongSubmissionsWithoutMap(db: Db, slugs: readonly string[]): { id: number; problem: string; source: string; language: LanguageId; owner: number | null }[] {
  if (slugs.length === 0) return [];
  return prepared(
    db,
    `SELECT s.id, s.problem, s.source, s.language, s.owner FROM submissions s
     WHERE s.status = 'done' AND s.verdict = 'WA' AND s.problem IN (SELECT value FROM json_each(?))
       AND NOT EXISTS (SELECT 1 FROM mistake_maps m WHERE m.submission = s.id)
     ORDER BY s.id`,
  ).all(JSON.stringify(slugs)) as { id: number; problem: string; source: string; language: LanguageId; owner: number | null }[];
}
