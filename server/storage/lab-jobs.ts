/**
 * Lab jobs (SG tables too long for an HTTP request) as rows, so the judge threads claim them like
 * any other job and a judge worker in distributed mode can take them. The request and the result
 * are stored as JSON: nothing queries inside them.
 */
import type { LabTable } from '../lab/big-table';
import type { LabRequest, LabResult } from '../lab/lab';
import { saidOf, type Said } from '../text/messages';
import { prepared, type Db } from './db';

export type LabJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface LabJob {
  id: number;
  status: LabJobStatus;
  /** While running: what the judge thread is doing. */
  phase: 'compiling' | 'computing' | null;
  /** While a built-in table is computed: the fraction done, 0..1 (null when unknown). */
  progress: number | null;
  /** True when the whole table is kept aside (a big table: the result holds its first values). */
  hasTable: boolean;
  request: LabRequest;
  result: LabResult | null;
  error: string | null;
  /** The error as a message id and arguments (server/text/messages.ts), when it is one. */
  errorSaid: Said | null;
  attempts: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Who asked for it (accounts mode); null in local mode. */
  owner: number | null;
}

/** What a judge thread reports at the end of a lab job: a table, or a sentence saying why not. */
export interface LabFinal {
  result: LabResult | null;
  error: string | null;
  /** The error as a message id and arguments, when it is one: pages say it in their language by id. */
  errorSaid?: Said | null;
  /** The whole table when `result` holds only its first values. */
  table?: LabTable | null;
}

interface Row {
  id: number;
  status: LabJobStatus;
  phase: 'compiling' | 'computing' | null;
  progress: number | null;
  has_table: number;
  request: string;
  result: string | null;
  error: string | null;
  error_said: string | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  owner: number | null;
}

const COLUMNS = 'id, status, phase, progress, full_table IS NOT NULL AS has_table, request, result, error, error_said, attempts, created_at, started_at, finished_at, owner';

function fromRow(r: Row): LabJob {
  return {
    id: r.id,
    status: r.status,
    phase: r.phase,
    progress: r.progress,
    hasTable: r.has_table === 1,
    request: JSON.parse(r.request) as LabRequest,
    result: r.result === null ? null : (JSON.parse(r.result) as LabResult),
    error: r.error,
    errorSaid: r.error_said === null ? null : saidOf(JSON.parse(r.error_said)),
    attempts: r.attempts,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    owner: r.owner,
  };
}

export function insertLabJob(db: Db, request: LabRequest, owner: number | null = null, client = ''): number {
  return (prepared(db, 'INSERT INTO lab_jobs (request, created_at, owner, client) VALUES (?, ?, ?, ?) RETURNING id').get(JSON.stringify(request), Date.now(), owner, client) as { id: number }).id;
}

export function getLabJob(db: Db, id: number): LabJob | undefined {
  const row = prepared(db, `SELECT ${COLUMNS} FROM lab_jobs WHERE id = ?`).get(id) as Row | undefined;
  return row && fromRow(row);
}

/** The row's state for the queue, without parsing a result of megabytes. */
export function getLabJobState(db: Db, id: number): { status: string; attempts: number } | undefined {
  const row = prepared(db, 'SELECT status, attempts FROM lab_jobs WHERE id = ?').get(id) as { status: LabJobStatus; attempts: number } | undefined;
  // The queue knows one finished state, 'done'; a failed lab job is finished too.
  return row && { status: row.status === 'failed' ? 'done' : row.status, attempts: row.attempts };
}

/** Lab jobs one person keeps (every state): their quota counts these. */
export function countLabJobsOf(db: Db, owner: number): number {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM lab_jobs WHERE owner = ?').get(owner) as { n: number }).n;
}

export function countWaitingLabJobs(db: Db): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM lab_jobs WHERE status = 'queued'").get() as { n: number }).n;
}

/** Jobs queued ahead of this one (0 when it runs or is finished). */
export function labJobPosition(db: Db, id: number): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM lab_jobs WHERE status = 'queued' AND id < ? AND EXISTS (SELECT 1 FROM lab_jobs WHERE id = ? AND status = 'queued')").get(id, id) as { n: number }).n;
}

export function claimNextLabJob(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE lab_jobs SET status = 'running', phase = NULL, attempts = attempts + 1, started_at = ?
     WHERE id = (SELECT id FROM lab_jobs WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(Date.now(), only, only) as { id: number; attempts: number } | undefined;
}

export function saveLabPhase(db: Db, id: number, phase: 'compiling' | 'computing'): void {
  prepared(db, "UPDATE lab_jobs SET phase = ? WHERE id = ? AND status = 'running'").run(phase, id);
}

export function saveLabProgress(db: Db, id: number, progress: number): void {
  prepared(db, "UPDATE lab_jobs SET progress = ? WHERE id = ? AND status = 'running'").run(Math.min(1, Math.max(0, progress)), id);
}

/** The stored text of a finished big job's whole table (JSON, unparsed: a download streams it), or undefined. */
export function getLabTableText(db: Db, id: number): string | undefined {
  const row = prepared(db, "SELECT full_table FROM lab_jobs WHERE id = ? AND status = 'done'").get(id) as { full_table: string | null } | undefined;
  return row?.full_table ?? undefined;
}

/** The whole table of a finished big job, or undefined when there is none. */
export function getLabTable(db: Db, id: number): LabTable | undefined {
  const row = prepared(db, "SELECT full_table FROM lab_jobs WHERE id = ? AND status = 'done'").get(id) as { full_table: string | null } | undefined;
  return row?.full_table ? (JSON.parse(row.full_table) as LabTable) : undefined;
}

/** The message a cancelled job keeps as its error. */
export const LAB_CANCELLED = 'Cancelled.';

/**
 * Cancels a job that has not finished: a queued one is never taken; a running one is marked at once,
 * its thread stops between two slices of a fast table (labJobStopped), and whatever it sends at the
 * end is dropped (finishLabJob leaves a finished row alone).
 * False when the job had already finished.
 */
export function cancelLabJob(db: Db, id: number): boolean {
  return (
    prepared(db, "UPDATE lab_jobs SET status = 'failed', phase = NULL, progress = NULL, error = ?, finished_at = ? WHERE id = ? AND status IN ('queued', 'running')").run(LAB_CANCELLED, Date.now(), id)
      .changes > 0
  );
}

/** Whether a job its thread is computing was cancelled meanwhile (or finished otherwise): its thread stops. */
export function labJobStopped(db: Db, id: number): boolean {
  const row = prepared(db, 'SELECT status FROM lab_jobs WHERE id = ?').get(id) as { status: string } | undefined;
  return row?.status !== 'running';
}

export function finishLabJob(db: Db, id: number, f: LabFinal): void {
  prepared(db, "UPDATE lab_jobs SET status = ?, phase = NULL, progress = NULL, result = ?, full_table = ?, error = ?, error_said = ?, finished_at = ? WHERE id = ? AND status IN ('queued', 'running')").run(
    f.result ? 'done' : 'failed',
    f.result ? JSON.stringify(f.result) : null,
    f.result && f.table ? JSON.stringify(f.table) : null,
    f.result ? null : f.error,
    !f.result && f.errorSaid ? JSON.stringify(f.errorSaid) : null,
    Date.now(),
    id,
  );
}

/**
 * A running job that gave its thread to waiting work: queued again (its progress kept, the attempt
 * not counted); its table so far is kept by the queue in memory (kinds/lab.ts).
 */
export function yieldLabJob(db: Db, id: number): void {
  prepared(db, "UPDATE lab_jobs SET status = 'queued', phase = NULL, attempts = MAX(0, attempts - 1) WHERE id = ? AND status = 'running'").run(id);
}

export function requeueLabJob(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE lab_jobs SET status = 'queued', phase = NULL, progress = NULL, attempts = MAX(0, attempts - ?) WHERE id = ? AND status IN ('queued', 'running')").run(refund ? 1 : 0, id);
}

/**
 * Lab jobs the last process left running: the process died under them (a graceful stop puts its
 * jobs back as queued), maybe because of them, so they fail rather than run again; a table is cheap
 * to ask for again.
 */
export function failInterruptedLabJobs(db: Db): number {
  return prepared(db, "UPDATE lab_jobs SET status = 'failed', phase = NULL, error = ?, finished_at = ? WHERE status = 'running'").run(
    'The judge stopped while computing this table; it is not computed again on its own. Ask for it again (a smaller range if it was big).',
    Date.now(),
  ).changes;
}

/** Forgets finished jobs older than `keepMs` (a result can be megabytes, and a table is cheap to compute again). */
export function expireLabJobs(db: Db, keepMs: number): void {
  prepared(db, "DELETE FROM lab_jobs WHERE status IN ('done', 'failed') AND finished_at < ?").run(Date.now() - keepMs);
}
