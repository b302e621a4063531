import type { LanguageId } from '../languages/registry';
import type { Verdict } from '../judge/verdicts';
import type { Size } from '../problems/types';
import { prepared, type Db } from './db';
import type { Said } from '../text/messages';

export type StressStatus = 'queued' | 'running' | 'done';
export type StressResult = 'passed' | 'failed' | 'error' | 'cancelled';

export interface StoredCounterexample {
  input: string;
  expected: string;
  got: string;
  verdict: Verdict;
  shrinkSteps: number;
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts); absent in runs from before it was kept. */
  said?: Said;
  caseIndex: number;
}

export interface StressRunRow {
  id: number;
  problem: string;
  source: string;
  language: LanguageId;
  cases: number;
  size: Size;
  seed: number;
  status: StressStatus;
  casesRun: number;
  casesPerSecond: number | null;
  shrinkSteps: number | null;
  result: StressResult | null;
  counterexample: StoredCounterexample | null;
  error: string | null;
  errorInput: string | null;
  /** Why a passed run stopped early ("budget exhausted after N cases"), or null. */
  note: string | null;
  attempts: number;
  createdAt: number;
  finishedAt: number | null;
  /** Who started it (accounts mode); null in local mode. */
  owner: number | null;
  /** After yielding its thread: the case it resumes at and the CPU budget already spent (ms). */
  resumeAt: number;
  usedMs: number;
}

const COLUMNS = `id, problem, source, language, cases, size, seed, status, cases_run AS casesRun, cases_per_second AS casesPerSecond,
  shrink_steps AS shrinkSteps, CASE WHEN cancelled = 1 THEN 'cancelled' ELSE result END AS result, counterexample, error, error_input AS errorInput, note, attempts, created_at AS createdAt,
  finished_at AS finishedAt, owner, resume_at AS resumeAt, used_ms AS usedMs`;

function fromRow(row: (Omit<StressRunRow, 'counterexample'> & { counterexample: string | null }) | undefined): StressRunRow | undefined {
  return row && { ...row, counterexample: row.counterexample === null ? null : (JSON.parse(row.counterexample) as StoredCounterexample) };
}

export function insertStressRun(db: Db, run: { problem: string; source: string; language?: LanguageId; cases: number; size: Size; seed: number; owner?: number | null; client?: string }): number {
  const row = prepared(db, 'INSERT INTO stress_runs (problem, source, language, cases, size, seed, created_at, owner, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .get(run.problem, run.source, run.language ?? 'typescript', run.cases, run.size, run.seed, Date.now(), run.owner ?? null, run.client ?? '') as { id: number };
  return row.id;
}

export function getStressRun(db: Db, id: number): StressRunRow | undefined {
  return fromRow(prepared(db, `SELECT ${COLUMNS} FROM stress_runs WHERE id = ?`).get(id) as never);
}

/** Takes the oldest queued stress run for a judge thread, atomically. */
export function claimNextStressRun(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE stress_runs SET status = 'running', attempts = attempts + 1, started_at = COALESCE(started_at, ?), cases_run = resume_at, shrink_steps = NULL
     WHERE id = (SELECT id FROM stress_runs WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(Date.now(), only, only) as { id: number; attempts: number } | undefined;
}

export function saveStressProgress(db: Db, id: number, casesRun: number, casesPerSecond: number, shrinkSteps: number | null): void {
  prepared(db, "UPDATE stress_runs SET cases_run = ?, cases_per_second = ?, shrink_steps = ? WHERE id = ? AND status = 'running'").run(
    casesRun,
    casesPerSecond,
    shrinkSteps,
    id,
  );
}

export interface StressFinal {
  result: StressResult;
  casesRun: number;
  casesPerSecond: number | null;
  counterexample: StoredCounterexample | null;
  error: string | null;
  errorInput: string | null;
  note?: string | null;
}

export function finishStressRun(db: Db, id: number, f: StressFinal): void {
  prepared(
    db,
    `UPDATE stress_runs SET status = 'done', result = ?, cancelled = ?, cases_run = ?, cases_per_second = ?, counterexample = ?, error = ?,
       error_input = ?, shrink_steps = ?, note = ?, finished_at = ? WHERE id = ?`,
  ).run(
    // See migration 5: 'cancelled' is stored as an 'error' with the cancelled flag.
    f.result === 'cancelled' ? 'error' : f.result,
    f.result === 'cancelled' ? 1 : 0,
    f.casesRun,
    f.casesPerSecond,
    f.counterexample ? JSON.stringify(f.counterexample) : null,
    f.error,
    f.errorInput,
    f.counterexample?.shrinkSteps ?? null,
    f.note ?? null,
    Date.now(),
    id,
  );
}

/** A run that yielded its thread between batches: back in the queue, to resume at case `resumeAt`. */
export function yieldStressRun(db: Db, id: number, resumeAt: number, usedMs: number): void {
  prepared(db, "UPDATE stress_runs SET status = 'queued', resume_at = ?, cases_run = ?, used_ms = ? WHERE id = ? AND status = 'running'").run(resumeAt, resumeAt, Math.round(usedMs), id);
}

export function requeueStressRun(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE stress_runs SET status = 'queued', cases_run = resume_at, attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(
    refund ? 1 : 0,
    id,
  );
}

/** Start-up recovery: runs a killed process left half-done start again from their last yield (or the first case). */
export function requeueInterruptedStressRuns(db: Db): number {
  return prepared(db, "UPDATE stress_runs SET status = 'queued', cases_run = resume_at WHERE status = 'running'").run().changes;
}

export type CancelOutcome = 'cancelled' | 'cancelling' | 'finished' | 'missing';

/**
 * Asks a run to stop. A queued run ends at once (no case run); a running one is flagged and its
 * judge thread ends it at the next batch with the cases run so far; a finished run stays as it is.
 */
export function cancelStressRun(db: Db, id: number): CancelOutcome {
  return db.transaction((): CancelOutcome => {
    const queued = prepared(
      db,
      `UPDATE stress_runs SET status = 'done', result = 'error', cancelled = 1, cancel_requested = 1, error = 'Cancelled before it started.',
         finished_at = ? WHERE id = ? AND status = 'queued'`,
    ).run(Date.now(), id);
    if (queued.changes) return 'cancelled';
    const running = prepared(db, "UPDATE stress_runs SET cancel_requested = 1 WHERE id = ? AND status = 'running'").run(id);
    if (running.changes) return 'cancelling';
    return prepared(db, 'SELECT 1 FROM stress_runs WHERE id = ?').get(id) ? 'finished' : 'missing';
  })();
}

/** Whether someone asked the run to stop (read by the judge thread between batches). */
export function stressCancelRequested(db: Db, id: number): boolean {
  const row = prepared(db, 'SELECT cancel_requested AS c FROM stress_runs WHERE id = ?').get(id) as { c: number } | undefined;
  return row?.c === 1;
}

/** A problem's stress runs still queued or running, and those finished in the last `recentMs`, newest first. */
export function listActiveStressRuns(db: Db, problem: string, recentMs: number, limit = 10, owner?: number): StressRunRow[] {
  return (
    prepared(
      db,
      `SELECT ${COLUMNS} FROM stress_runs WHERE problem = ? AND (status <> 'done' OR finished_at >= ?) AND (? IS NULL OR owner = ?) ORDER BY id DESC LIMIT ?`,
    ).all(problem, Date.now() - recentMs, owner ?? null, owner ?? null, limit) as never[]
  ).map((r) => fromRow(r)!);
}
