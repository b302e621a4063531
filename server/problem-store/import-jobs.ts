/**
 * Uploaded package imports as queued jobs (table problem_imports): the route stores the zip under
 * DATA_DIR/imports and a row; a judge thread checks, runs and stores the package (queue kind
 * problem-import), finishing the row in the same transaction as the store, so a killed server
 * either has the problem and a finished row or neither (the row goes back in the queue).
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { prepared, type Db } from '../storage/db';
import type { SolutionReport } from './types';

export interface ImportFinal {
  outcome: 'stored' | 'refused';
  slug: string | null;
  rows: SolutionReport[];
  reasons: string[];
  notes: string[];
}

export interface ProblemImportRow {
  id: number;
  owner: number | null;
  status: 'queued' | 'running' | 'done';
  outcome: 'stored' | 'refused' | null;
  fileName: string | null;
  zip: string;
  storeAs: string | null;
  replace: boolean;
  slug: string | null;
  rows: SolutionReport[];
  reasons: string[];
  notes: string[];
  attempts: number;
  createdAt: number;
  finishedAt: number | null;
}

/** Where uploaded zips wait for their job: a folder of the data directory (the database's). */
export function importsDir(db: Db): string {
  const dir = join(dirname(db.name), 'imports');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function insertProblemImport(db: Db, r: { owner: number | null; client: string; fileName: string | null; zip: string; storeAs: string | null; replace: boolean }): number {
  return (
    prepared(db, 'INSERT INTO problem_imports (owner, client, file_name, zip, store_as, replace_existing, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id').get(
      r.owner,
      r.client,
      r.fileName,
      r.zip,
      r.storeAs,
      r.replace ? 1 : 0,
      Date.now(),
    ) as { id: number }
  ).id;
}

export function getProblemImport(db: Db, id: number): ProblemImportRow | undefined {
  const r = prepared(
    db,
    `SELECT id, owner, status, outcome, file_name AS fileName, zip, store_as AS storeAs, replace_existing AS replace, slug, rows, reasons, notes, attempts,
       created_at AS createdAt, finished_at AS finishedAt FROM problem_imports WHERE id = ?`,
  ).get(id) as (Omit<ProblemImportRow, 'replace' | 'rows' | 'reasons' | 'notes'> & { replace: number; rows: string | null; reasons: string | null; notes: string | null }) | undefined;
  if (!r) return undefined;
  const parse = <T>(s: string | null): T[] => (s ? (JSON.parse(s) as T[]) : []);
  return { ...r, replace: r.replace === 1, rows: parse(r.rows), reasons: parse(r.reasons), notes: parse(r.notes) };
}

export function claimNextProblemImport(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE problem_imports SET status = 'running', attempts = attempts + 1
     WHERE id = (SELECT id FROM problem_imports WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(only, only) as { id: number; attempts: number } | undefined;
}

/** Distributed mode: a worker's first progress on the import shows it running (the web tier claims no row itself). */
export function markProblemImportRunning(db: Db, id: number): void {
  prepared(db, "UPDATE problem_imports SET status = 'running' WHERE id = ? AND status = 'queued'").run(id);
}

export function saveImportRows(db: Db, id: number, rows: SolutionReport[]): void {
  prepared(db, "UPDATE problem_imports SET rows = ? WHERE id = ? AND status = 'running'").run(JSON.stringify(rows), id);
}

/**
 * Finishes the row (once: a finished row is left as it is, so the thread's store-and-finish and the
 * main thread's copy of the final message agree); its zip is removed after by removeImportZip.
 */
export function finishProblemImport(db: Db, id: number, f: ImportFinal): boolean {
  return prepared(db, "UPDATE problem_imports SET status = 'done', outcome = ?, slug = ?, rows = ?, reasons = ?, notes = ?, finished_at = ? WHERE id = ? AND status <> 'done'").run(
    f.outcome,
    f.slug,
    JSON.stringify(f.rows),
    JSON.stringify(f.reasons),
    JSON.stringify(f.notes),
    Date.now(),
    id,
  ).changes > 0;
}

/** The zip of an import, gone once it is finished (its name is the route's, never the uploader's). */
export function removeImportZip(db: Db, id: number): void {
  const row = prepared(db, 'SELECT zip FROM problem_imports WHERE id = ?').get(id) as { zip: string } | undefined;
  if (row && /^[\w.-]+\.zip$/.test(row.zip)) rmSync(join(importsDir(db), row.zip), { force: true });
}

export function requeueProblemImport(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE problem_imports SET status = 'queued', rows = NULL, attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

/**
 * At start-up (before the server listens): running imports go back in the queue, and files under
 * DATA_DIR/imports that no unfinished import waits for (an upload cut off by the kill, a zip whose
 * removal the kill interrupted) are removed.
 */
export function requeueInterruptedProblemImports(db: Db): number {
  const n = prepared(db, "UPDATE problem_imports SET status = 'queued', rows = NULL WHERE status = 'running'").run().changes;
  const waiting = new Set((prepared(db, "SELECT zip FROM problem_imports WHERE status <> 'done'").all() as { zip: string }[]).map((r) => r.zip));
  const dir = importsDir(db);
  for (const name of readdirSync(dir)) if (!waiting.has(name)) rmSync(join(dir, name), { force: true, recursive: true });
  return n;
}
