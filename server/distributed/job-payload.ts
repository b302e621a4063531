/**
 * What travels through Redis for one judging job: the stored rows a worker needs to judge it as the
 * web tier would (the job's own row, copied column by column, and the problem's user-added tests),
 * the package version those rows belong to, and, back, the judge thread's messages and final texts.
 * Rows are copied generically so that a column added to a table travels without a change here.
 */
import { z } from 'zod';
import type { Db } from '../storage/db';
import type { FailureText } from '../storage/submissions';
import type { FromThread, JobKind } from '../queue/protocol';
import { isJobKind, kindModule } from '../queue/kinds/registry';
import type { ProblemDataRef } from './problem-data';
import { importZipRef } from './import-transfer';
import { storedProblemRef } from './problem-publisher';

export type Row = Record<string, unknown>;

export interface JobPayload {
  kind: JobKind;
  id: number;
  /** The problem whose tests the job reads (null for a kind that reads none, as the lab's). */
  problem: string | null;
  /** The web tier's content hash of the problem package; a worker with another version refuses. */
  packageHash: string | null;
  /**
   * A stored problem's data (not in any checkout): its Redis key's digest and size; the worker reads
   * it once per version (problem-cache.ts). Null for a built-in problem.
   */
  problemData?: ProblemDataRef | null;
  /** A problem-import job's uploaded zip, in Redis under its digest (import-transfer.ts). */
  importZip?: ProblemDataRef | null;
  row: Row;
  /** The problem's tests of kind 'user' the job's owner runs (shared and own), whole rows. */
  userTests: Row[];
}

/**
 * Messages of a job's progress, in order, stamped with the attempt (BullMQ's count of starts) they
 * belong to. Messages that arrive while one update is on its way to Redis go together in the next,
 * so a 30-test submission costs a few round trips, not sixty.
 */
export interface JobProgress {
  attempt: number;
  worker: string;
  messages: FromThread[];
}

export interface JobReturn {
  attempt: number;
  worker: string;
  final: FromThread;
  /** Texts stored beside the job (a submission's first failing test, for the download links). */
  failureTexts: FailureText[];
  /** A problem import the worker stored: the stored problem's document, in Redis under this digest. */
  importedProblem?: ProblemDataRef | null;
}

export function jobId(kind: JobKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseJobId(jobIdText: string): { kind: JobKind; id: number } | null {
  const m = /^([a-z][a-z-]*)-(\d+)$/.exec(jobIdText);
  return m && isJobKind(m[1]!) ? { kind: m[1], id: Number(m[2]) } : null;
}

/** The web tier's side: everything a worker needs, read in one snapshot. */
export function snapshotJob(db: Db, kind: JobKind, id: number): JobPayload | null {
  const k = kindModule(kind);
  const row = db.prepare(`SELECT * FROM ${k.table} WHERE id = ?`).get(id) as Row | undefined;
  if (!row) return null;
  const problem = k.problemOf(row);
  if (problem === null) return { kind, id, problem: null, packageHash: null, ...(kind === 'problem-import' && { importZip: importZipRef(db, row.zip) }), row, userTests: [] };
  const stored = storedProblemRef(db, problem);
  const hash = stored ? { h: stored.contentHash } : (db.prepare('SELECT content_hash AS h FROM problems WHERE slug = ?').get(problem) as { h: string } | undefined);
  if (!hash) return null;
  // The shared user tests and the job's owner's own: what its judge reads, and no one else's.
  const owner = typeof row.owner === 'number' ? row.owner : null;
  const userTests = db.prepare("SELECT * FROM tests WHERE problem = ? AND kind = 'user' AND (owner IS NULL OR owner = ?) ORDER BY idx").all(problem, owner) as Row[];
  return { kind, id, problem, packageHash: hash.h, problemData: stored?.ref ?? null, row, userTests };
}

/**
 * The worker's side: makes its own database hold the job's row (same id, back in the queue) and
 * exactly the web tier's user tests for the problem, so its judge threads judge what the web tier
 * would.
 */
export function mirrorJob(db: Db, p: JobPayload): void {
  const k = kindModule(p.kind);
  const table = k.table;
  db.transaction(() => {
    mirrorOwners(db, [p.row, ...p.userTests]);
    if (p.problem !== null) {
      // Only what this payload speaks for: the shared tests and its owner's own. Another owner's job
      // of the same problem, copied here a moment ago and perhaps not judged yet, keeps its own tests
      // (deleting every user test dropped them: issue 39). Their judge reads shared + own only.
      const owner = typeof p.row.owner === 'number' ? p.row.owner : null;
      db.prepare("DELETE FROM tests WHERE problem = ? AND kind = 'user' AND (owner IS NULL OR owner IS ?)").run(p.problem, owner);
      // Without the web tier's row id: it may be the id of one of this cache's own test rows.
      for (const { id: _id, ...t } of p.userTests) insertRow(db, 'tests', t);
    }
    if (p.kind === 'submission') {
      db.prepare('DELETE FROM submission_tests WHERE submission_id = ?').run(p.id);
      db.prepare('DELETE FROM failure_texts WHERE submission_id = ?').run(p.id);
    }
    db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(p.id);
    insertRow(db, table, p.row);
    // The worker's own record starts fresh: its judge threads claim it like any queued job.
    const reset = ["status = 'queued'", 'attempts = 0', ...(k.mirrorReset ?? [])];
    db.prepare(`UPDATE ${table} SET ${reset.join(', ')} WHERE id = ?`).run(p.id);
  })();
}

function insertRow(db: Db, table: string, row: Row): void {
  const columns = Object.keys(row);
  const names = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  db.prepare(`INSERT OR REPLACE INTO ${table} (${names}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => row[c]));
}

/**
 * The rows name their owner's account; the worker's database has no accounts, so it gets a
 * stand-in row per owner (no usable password: workers serve no logins) for the foreign key.
 */
function mirrorOwners(db: Db, rows: Row[]): void {
  const insert = db.prepare("INSERT OR IGNORE INTO accounts (id, name, role, password_hash, created_at) VALUES (?, ?, 'student', '-', 0)");
  for (const r of rows) if (typeof r.owner === 'number') insert.run(r.owner, `owner-${r.owner}`);
}

const PAYLOAD = z.object({
  kind: z.string().refine(isJobKind),
  id: z.number().int().positive(),
  problem: z.string().max(64).nullable(),
  packageHash: z.string().max(200).nullable(),
  problemData: z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) }).strict().nullable().optional(),
  importZip: z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(1) }).strict().nullable().optional(),
  row: z.record(z.string(), z.unknown()),
  userTests: z.array(z.record(z.string(), z.unknown())).max(10_000),
});

/** The worker's check of a job read from Redis: the shape it relies on, or a sentence saying what is wrong. */
export function parseJobPayload(data: unknown): { ok: true; payload: JobPayload } | { ok: false; reason: string } {
  const r = PAYLOAD.safeParse(data);
  if (!r.success) return { ok: false, reason: `the job's payload does not have the expected shape (${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? ''})` };
  const p = r.data as JobPayload;
  if (p.row.id !== p.id) return { ok: false, reason: `the job's row is row ${String(p.row.id)}, not ${p.id}` };
  if (p.userTests.some((t) => t.problem !== p.problem || t.kind !== 'user')) return { ok: false, reason: "the job's saved tests are not its problem's" };
  if (p.problemData && !p.packageHash) return { ok: false, reason: 'the job names problem data without a version' };
  return { ok: true, payload: p };
}
