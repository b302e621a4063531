/**
 * Rejudges in the database. A rejudge names a scope (a problem, a contest's real and virtual
 * submissions, or one submission) and judges its judged submissions again against the problem's
 * current tests, one queued item per submission, at the queue's lowest priority. Items are made a
 * chunk at a time so a rejudge of a whole problem never floods the queue (or Redis). A submission
 * keeps its verdict until its new one is stored; the item keeps the old one (before → after).
 */
import type { Db } from '../storage/db';
import { prepared } from '../storage/db';
import { storeJudgedResult, type FailureText, type FinalResult, type TestResultInput } from '../storage/submissions';

export type RejudgeScope = { problem: string } | { contest: number } | { submission: number };

/** At most this many of a rejudge's items wait or run at once; the next are made as they finish. */
export const REJUDGE_CHUNK = 20;
/** The most submissions one rejudge takes on (a larger scope is refused with a sentence). */
export const MAX_REJUDGE = 5000;

/** What a judge thread sends back for one item: the verdict, its test rows and failing texts. */
export interface RejudgeOutcome {
  final: FinalResult;
  tests: TestResultInput[];
  texts: FailureText[];
}

export interface RejudgeStatus {
  id: number;
  scope: RejudgeScope;
  status: 'running' | 'done';
  done: number;
  total: number;
  /** Items the judge itself failed on: those submissions kept their verdicts. */
  failed: number;
  changed: { submission: number; before: string; after: string }[];
  createdAt: number;
  finishedAt: number | null;
}

interface RejudgeRow {
  id: number;
  problem: string | null;
  contest: number | null;
  submission: number | null;
  status: 'running' | 'done';
  total: number;
  upto: number;
  cursor: number;
  created_at: number;
  finished_at: number | null;
}

function scopeOf(r: RejudgeRow): RejudgeScope {
  if (r.problem !== null) return { problem: r.problem };
  if (r.contest !== null) return { contest: r.contest };
  return { submission: r.submission! };
}

/** SQL over `submissions`: the judged ones in the scope. */
function scopeWhere(scope: RejudgeScope): { sql: string; param: string | number } {
  if ('problem' in scope) return { sql: 'problem = @scope', param: scope.problem };
  if ('contest' in scope) {
    // The real round's submissions and every virtual round's of this contest (their boards follow too).
    return { sql: '(contest = @scope OR contest_virtual IN (SELECT id FROM contest_virtuals WHERE contest = @scope))', param: scope.contest };
  }
  return { sql: 'id = @scope', param: scope.submission };
}

function scopeColumns(scope: RejudgeScope): [string | null, number | null, number | null] {
  return ['problem' in scope ? scope.problem : null, 'contest' in scope ? scope.contest : null, 'submission' in scope ? scope.submission : null];
}

export type StartResult = { id: number } | { conflict: number } | { tooMany: number };

/**
 * Starts a rejudge, or names the unfinished one of the same scope (one at a time per scope), or
 * says how many submissions a scope too large holds.
 */
export function startRejudge(db: Db, scope: RejudgeScope, createdBy: number | null, now = Date.now()): StartResult {
  return db.transaction((): StartResult => {
    const [problem, contest, submission] = scopeColumns(scope);
    const running = prepared(
      db,
      "SELECT id FROM rejudges WHERE status = 'running' AND problem IS ? AND contest IS ? AND submission IS ?",
    ).get(problem, contest, submission) as { id: number } | undefined;
    if (running) return { conflict: running.id };
    const where = scopeWhere(scope);
    const { n, upto } = db.prepare(`SELECT COUNT(*) AS n, IFNULL(MAX(id), 0) AS upto FROM submissions WHERE status = 'done' AND ${where.sql}`).get({ scope: where.param }) as { n: number; upto: number };
    if (n > MAX_REJUDGE) return { tooMany: n };
    const { id } = prepared(
      db,
      'INSERT INTO rejudges (problem, contest, submission, total, upto, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    ).get(problem, contest, submission, n, upto, createdBy, now) as { id: number };
    fillItems(db, id, now);
    return { id };
  }).immediate();
}

/** Tops the rejudge's unfinished items up to REJUDGE_CHUNK; ends it when nothing is left. */
export function fillItems(db: Db, rejudge: number, now = Date.now()): void {
  const r = prepared(db, 'SELECT * FROM rejudges WHERE id = ?').get(rejudge) as RejudgeRow | undefined;
  if (!r || r.status !== 'running') return;
  const { open } = prepared(db, "SELECT COUNT(*) AS open FROM rejudge_items WHERE rejudge = ? AND status <> 'done'").get(rejudge) as { open: number };
  const where = scopeWhere(scopeOf(r));
  const next = db
    .prepare(`SELECT id, problem, owner, source, language FROM submissions WHERE status = 'done' AND id > @cursor AND id <= @upto AND ${where.sql} ORDER BY id LIMIT @n`)
    .all({ cursor: r.cursor, upto: r.upto, scope: where.param, n: REJUDGE_CHUNK - open }) as { id: number; problem: string; owner: number | null; source: string; language: string }[];
  const insert = prepared(db, 'INSERT INTO rejudge_items (rejudge, submission, problem, owner, source, language, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const s of next) insert.run(rejudge, s.id, s.problem, s.owner, s.source, s.language, now);
  if (next.length > 0) prepared(db, 'UPDATE rejudges SET cursor = ? WHERE id = ?').run(next.at(-1)!.id, rejudge);
  else if (open === 0) {
    // Submissions removed meanwhile (a removed account's) leave the total at what was judged.
    const { done } = prepared(db, 'SELECT COUNT(*) AS done FROM rejudge_items WHERE rejudge = ?').get(rejudge) as { done: number };
    prepared(db, "UPDATE rejudges SET status = 'done', total = ?, finished_at = ? WHERE id = ?").run(done, now, rejudge);
  }
}

export function claimRejudgeItem(db: Db, id: number): { id: number; attempts: number } | undefined {
  return prepared(db, "UPDATE rejudge_items SET status = 'running', attempts = attempts + 1 WHERE id = ? AND status = 'queued' RETURNING id, attempts").get(id) as
    | { id: number; attempts: number }
    | undefined;
}

export function getRejudgeItem(db: Db, id: number): { id: number; rejudge: number; submission: number; problem: string; owner: number | null; source: string; language: string; status: string; attempts: number } | undefined {
  return prepared(db, 'SELECT id, rejudge, submission, problem, owner, source, language, status, attempts FROM rejudge_items WHERE id = ?').get(id) as never;
}

export function requeueRejudgeItem(db: Db, id: number, refund: boolean): void {
  prepared(db, "UPDATE rejudge_items SET status = 'queued', attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

/**
 * Start-up: items a killed process left running go back to the queue, and every unfinished
 * rejudge gets its next chunk (it may have died between two).
 */
export function recoverRejudges(db: Db): number {
  return db.transaction(() => {
    const n = prepared(db, "UPDATE rejudge_items SET status = 'queued' WHERE status = 'running'").run().changes;
    const running = prepared(db, "SELECT id FROM rejudges WHERE status = 'running'").all() as { id: number }[];
    for (const { id } of running) fillItems(db, id);
    return n;
  }).immediate();
}

/**
 * Stores an item's new verdict on its submission in one transaction (the test rows and failing
 * texts replaced with it), keeps the old one on the item, and makes the rejudge's next items. With
 * `error` (the judge failed) the submission keeps its verdict. Returns the submission when its
 * stored verdict was replaced.
 */
export function finishRejudgeItem(db: Db, id: number, outcome: RejudgeOutcome | null, error: string | null, now = Date.now()): { submission: number; verdict: string; failedTest: number | null } | null {
  return db.transaction(() => {
    const item = prepared(db, 'SELECT rejudge, submission, status FROM rejudge_items WHERE id = ?').get(id) as { rejudge: number; submission: number; status: string } | undefined;
    if (!item || item.status === 'done') return null;
    const sub = prepared(db, 'SELECT verdict, status FROM submissions WHERE id = ?').get(item.submission) as { verdict: string | null; status: string } | undefined;
    let stored: { submission: number; verdict: string; failedTest: number | null } | null = null;
    if (outcome && sub && sub.status === 'done') {
      const r = outcome.final;
      // The first judging's writer: message ids kept, the standings and boards refreshed with it.
      storeJudgedResult(db, item.submission, r, { tests: outcome.tests, texts: outcome.texts });
      stored = { submission: item.submission, verdict: r.verdict, failedTest: r.failedTest };
    }
    // The copied source is the worker's only; the submission keeps its own.
    prepared(db, "UPDATE rejudge_items SET status = 'done', before = ?, after = ?, error = ?, source = '', finished_at = ? WHERE id = ?").run(
      sub?.verdict ?? null,
      stored ? stored.verdict : null,
      stored ? null : (error ?? 'the submission is no longer there'),
      now,
      id,
    );
    fillItems(db, item.rejudge, now);
    return stored;
  }).immediate();
}

export function getRejudge(db: Db, id: number): RejudgeStatus | undefined {
  const r = prepared(db, 'SELECT * FROM rejudges WHERE id = ?').get(id) as RejudgeRow | undefined;
  if (!r) return undefined;
  const counts = prepared(db, "SELECT COUNT(*) AS done, COUNT(error) AS failed FROM rejudge_items WHERE rejudge = ? AND status = 'done'").get(id) as { done: number; failed: number };
  const changed = prepared(
    db,
    "SELECT submission, before, after FROM rejudge_items WHERE rejudge = ? AND status = 'done' AND after IS NOT NULL AND before IS NOT after ORDER BY submission",
  ).all(id) as { submission: number; before: string; after: string }[];
  return { id: r.id, scope: scopeOf(r), status: r.status, done: counts.done, total: r.total, failed: counts.failed, changed, createdAt: r.created_at, finishedAt: r.finished_at };
}

/** The newest rejudges of a scope (the pages show the last one's progress and list). */
export function latestRejudge(db: Db, scope: RejudgeScope): RejudgeStatus | undefined {
  const [problem, contest, submission] = scopeColumns(scope);
  const row = prepared(db, 'SELECT id FROM rejudges WHERE problem IS ? AND contest IS ? AND submission IS ? ORDER BY id DESC LIMIT 1').get(problem, contest, submission) as
    | { id: number }
    | undefined;
  return row && getRejudge(db, row.id);
}

/** A submission's verdict history: every rejudge that judged it again, oldest first. */
export function verdictHistory(db: Db, submission: number): { rejudge: number; before: string | null; after: string; at: number }[] {
  return prepared(
    db,
    "SELECT rejudge, before, after, finished_at AS at FROM rejudge_items WHERE submission = ? AND status = 'done' AND after IS NOT NULL ORDER BY id",
  ).all(submission) as { rejudge: number; before: string | null; after: string; at: number }[];
}
