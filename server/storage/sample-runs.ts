import type { Said } from '../text/messages';
import type { LanguageId } from '../languages/registry';
import type { Verdict } from '../judge/verdicts';
import { prepared, type Db } from './db';

/** One sample's outcome in a sample run. */
export interface SampleOutcome {
  /** 1-based, as the statement numbers its examples. */
  index: number;
  verdict: Verdict;
  input: string;
  expected: string;
  /** The program's output (an interactive problem's dialogue), cut at SAMPLE_OUTPUT_CHARS. */
  output: string;
  /** The checker's or the interactor's words on WA, the runtime's on RE/TLE/MLE/OLE. */
  message: string | null;
  /** That message as an id and arguments (server/text/messages.ts), for a Chinese page; absent in runs from before. */
  said?: Said | null;
  timeMs: number;
}

export interface SampleRunResult {
  verdict: Verdict;
  samples: SampleOutcome[];
  compileOutput: string | null;
}

export interface SampleRunRow {
  id: number;
  problem: string;
  source: string;
  language: LanguageId;
  status: 'queued' | 'running' | 'done';
  verdict: Verdict | null;
  samples: SampleOutcome[];
  compileOutput: string | null;
  attempts: number;
  createdAt: number;
  /** Who ran it (accounts mode); null in local mode. */
  owner: number | null;
}

interface StoredRow extends Omit<SampleRunRow, 'samples'> {
  samples: string | null;
}

export function insertSampleRun(db: Db, problem: string, source: string, language: LanguageId, owner: number | null = null, client = ''): number {
  const row = prepared(db, 'INSERT INTO sample_runs (problem, source, language, created_at, owner, client) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .get(problem, source, language, Date.now(), owner, client) as { id: number };
  return row.id;
}

export function getSampleRun(db: Db, id: number): SampleRunRow | undefined {
  const row = prepared(
    db,
    `SELECT id, problem, source, language, status, verdict, samples, compile_output AS compileOutput, attempts, created_at AS createdAt, owner
     FROM sample_runs WHERE id = ?`,
  ).get(id) as StoredRow | undefined;
  return row && { ...row, samples: row.samples === null ? [] : (JSON.parse(row.samples) as SampleOutcome[]) };
}

export function claimNextSampleRun(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE sample_runs SET status = 'running', attempts = attempts + 1
     WHERE id = (SELECT id FROM sample_runs WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(only, only) as { id: number; attempts: number } | undefined;
}

export function finishSampleRun(db: Db, id: number, r: SampleRunResult): void {
  prepared(db, "UPDATE sample_runs SET status = 'done', verdict = ?, samples = ?, compile_output = ?, finished_at = ? WHERE id = ?").run(
    r.verdict,
    JSON.stringify(r.samples),
    r.compileOutput,
    Date.now(),
    id,
  );
}

export function requeueSampleRun(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE sample_runs SET status = 'queued', attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

export function requeueInterruptedSampleRuns(db: Db): number {
  return prepared(db, "UPDATE sample_runs SET status = 'queued' WHERE status = 'running'").run().changes;
}

/** Sample runs not yet finished, for the bound on waiting ones. */
export function countUnfinishedSampleRuns(db: Db): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM sample_runs WHERE status <> 'done'").get() as { n: number }).n;
}
