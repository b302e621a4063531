import type { LabRequest } from '../lab/lab';
import type { CheckRow } from './checks';
import type { DraftPackage } from './draft-package';
import { prepared, type Db } from '../storage/db';

/** A draft as stored: the package, and which tests still wait for the reference's answer ("sample/1"). */
export interface StoredDraft {
  /** null until the job has drafted it from `lab` (a lab draft's table is computed in the job). */
  draft: DraftPackage | null;
  unanswered: string[];
  /** The lab request it comes from, and the POST /api/lab body as sent. */
  lab?: { request: LabRequest; body: unknown; slug: string };
}

export interface DraftFinal {
  outcome: 'ready' | 'failed';
  /** The draft with the answers written and the tests added; null keeps the stored one (a judge error). */
  stored: StoredDraft | null;
  rows: CheckRow[];
  reasons: string[];
  added: string[];
}

export interface ProblemDraftRow {
  id: number;
  slug: string;
  owner: number | null;
  status: 'queued' | 'running' | 'done';
  outcome: 'ready' | 'failed' | null;
  stored: StoredDraft;
  rows: CheckRow[] | null;
  reasons: string[] | null;
  added: string[] | null;
  attempts: number;
  createdAt: number;
  publishedAt: number | null;
}

export function insertProblemDraft(db: Db, d: { slug: string; owner: number | null; client: string; stored: StoredDraft }): number {
  return (
    prepared(db, 'INSERT INTO problem_drafts (slug, owner, client, draft, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id').get(d.slug, d.owner, d.client, JSON.stringify(d.stored), Date.now()) as {
      id: number;
    }
  ).id;
}

export function getProblemDraft(db: Db, id: number): ProblemDraftRow | undefined {
  const r = prepared(db, 'SELECT id, slug, owner, status, outcome, draft, rows, reasons, added, attempts, created_at AS createdAt, published_at AS publishedAt FROM problem_drafts WHERE id = ?').get(id) as
    | (Omit<ProblemDraftRow, 'stored' | 'rows' | 'reasons' | 'added'> & { draft: string; rows: string | null; reasons: string | null; added: string | null })
    | undefined;
  if (!r) return undefined;
  const { draft, rows, reasons, added, ...rest } = r;
  return { ...rest, stored: JSON.parse(draft) as StoredDraft, rows: rows && JSON.parse(rows), reasons: reasons && JSON.parse(reasons), added: added && JSON.parse(added) };
}

/** Slugs of drafts not yet published: a new draft takes another. */
export function draftSlugTaken(db: Db, slug: string): boolean {
  return prepared(db, 'SELECT 1 FROM problem_drafts WHERE slug = ? AND published_at IS NULL').get(slug) !== undefined;
}

export function claimNextProblemDraft(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE problem_drafts SET status = 'running', attempts = attempts + 1
     WHERE id = (SELECT id FROM problem_drafts WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(only, only) as { id: number; attempts: number } | undefined;
}

export function saveDraftRows(db: Db, id: number, rows: CheckRow[]): void {
  prepared(db, "UPDATE problem_drafts SET rows = ? WHERE id = ? AND status = 'running'").run(JSON.stringify(rows), id);
}

export function finishProblemDraft(db: Db, id: number, f: DraftFinal): void {
  prepared(db, "UPDATE problem_drafts SET status = 'done', outcome = ?, draft = COALESCE(?, draft), rows = ?, reasons = ?, added = ?, finished_at = ? WHERE id = ?").run(
    f.outcome,
    f.stored && JSON.stringify(f.stored),
    JSON.stringify(f.rows),
    JSON.stringify(f.reasons),
    JSON.stringify(f.added),
    Date.now(),
    id,
  );
}

export function requeueProblemDraft(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE problem_drafts SET status = 'queued', attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

export function requeueInterruptedProblemDrafts(db: Db): number {
  return prepared(db, "UPDATE problem_drafts SET status = 'queued' WHERE status = 'running'").run().changes;
}

export function markDraftPublished(db: Db, id: number): void {
  prepared(db, 'UPDATE problem_drafts SET published_at = ? WHERE id = ?').run(Date.now(), id);
}
