import type { Verdict } from '../judge/verdicts';
import type { Size } from '../problems/types';
import { prepared, type Db } from './db';

export type StressStatus = 'queued' | 'running' | 'done';
export type StressResult = 'passed' | 'failed' | 'error';

export interface StoredCounterexample {
  input: string;
  expected: string;
  got: string;
  verdict: Verdict;
  shrinkSteps: number;
  message: string | null;
  caseIndex: number;
}

export interface StressRunRow {
  id: number;
  problem: string;
  source: string;
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
}

const COLUMNS = `id, problem, source, cases, size, seed, status, cases_run AS casesRun, cases_per_second AS casesPerSecond,
  shrink_steps AS shrinkSteps, result, counterexample, error, error_input AS errorInput, note, attempts, created_at AS createdAt,
  finished_at AS finishedAt`;

function fromRow(row: (Omit<StressRunRow, 'counterexample'> & { counterexample: string | null }) | undefined): StressRunRow | undefined {
  return row && { ...row, counterexample: row.counterexample === null ? null : (JSON.parse(row.counterexample) as StoredCounterexample) };
}

export function insertStressRun(db: Db, run: { problem: string; source: string; cases: number; size: Size; seed: number }): number {
  const row = prepared(db, 'INSERT INTO stress_runs (problem, source, cases, size, seed, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .get(run.problem, run.source, run.cases, run.size, run.seed, Date.now()) as { id: number };
  return row.id;
}

export function getStressRun(db: Db, id: number): StressRunRow | undefined {
  return fromRow(prepared(db, `SELECT ${COLUMNS} FROM stress_runs WHERE id = ?`).get(id) as never);
}

/** Takes the oldest queued stress run for a judge thread, atomically. */
export function claimNextStressRun(db: Db): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE stress_runs SET status = 'running', attempts = attempts + 1, started_at = ?, cases_run = 0, shrink_steps = NULL
     WHERE id = (SELECT id FROM stress_runs WHERE status = 'queued' ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(Date.now()) as { id: number; attempts: number } | undefined;
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
    `UPDATE stress_runs SET status = 'done', result = ?, cases_run = ?, cases_per_second = ?, counterexample = ?, error = ?,
       error_input = ?, shrink_steps = ?, note = ?, finished_at = ? WHERE id = ?`,
  ).run(
    f.result,
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

export function requeueStressRun(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE stress_runs SET status = 'queued', cases_run = 0, attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(
    refund ? 1 : 0,
    id,
  );
}

/** Start-up recovery: runs a killed process left half-done start again from the first case. */
export function requeueInterruptedStressRuns(db: Db): number {
  return prepared(db, "UPDATE stress_runs SET status = 'queued', cases_run = 0 WHERE status = 'running'").run().changes;
}
