/**
 * An uploaded package's import in distributed mode (issue 36). The web tier has no judge threads
 * and a worker has no copy of the web tier's DATA_DIR/imports, so the zip travels through Redis
 * under its SHA-256 (at most MAX_ZIP_BYTES, expiring), the job payload naming it. The worker checks
 * its length before reading it and its digest after, writes it where its judge thread's import job
 * reads it, and runs the same import into its own cache database. A stored result travels back as
 * the stored problem's document (problem-data.ts) under its digest; the web tier reads it with the
 * same checks, checks the short name against its own database, and installs it in the transaction
 * that finishes the import's row. Nothing read from Redis is trusted on either side.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { MAX_ZIP_BYTES } from '../problem-store/import';
import { finishProblemImport, getProblemImport, importsDir, type ImportFinal } from '../problem-store/import-jobs';
import { slugFaults } from '../problem-store/store';
import type { Db } from '../storage/db';
import { decodeProblemDocument, encodeProblemDocument, interactorFault, ProblemDataError, readProblemDocument, writeProblemDocument, type ProblemDataRef, type ProblemDocument } from './problem-data';
import { PROBLEM_DATA_FAILURE, PROBLEM_KEY_PREFIX, PROBLEM_TTL_S } from './redis-config';

/** An uploaded zip waiting for its worker: under this prefix and its SHA-256. */
export const IMPORT_ZIP_KEY_PREFIX = 'sg-judge:import-zip:';
/** Long enough for a queue of imports behind busy workers; pushed back while the job waits. */
export const IMPORT_ZIP_TTL_S = 24 * 3600;

const ZIP_NAME = /^[\w.-]{1,100}\.zip$/;

/** The web tier's side: what the job names its zip by (null: the zip is not in DATA_DIR/imports). */
export function importZipRef(db: Db, zipName: unknown): ProblemDataRef | null {
  if (typeof zipName !== 'string' || !ZIP_NAME.test(zipName)) return null;
  let zip: Buffer;
  try {
    zip = readFileSync(join(importsDir(db), zipName));
  } catch {
    return null;
  }
  return { digest: createHash('sha256').update(zip).digest('hex'), bytes: zip.length };
}

/**
 * Puts the zip the ref names in Redis (again), for IMPORT_ZIP_TTL_S; `refresh` only pushes the
 * expiry back when the value is there. False when the zip in DATA_DIR/imports is no longer that one.
 */
export async function putImportZip(db: Db, redis: Redis, zipName: string, ref: ProblemDataRef, refresh: boolean): Promise<boolean> {
  const key = IMPORT_ZIP_KEY_PREFIX + ref.digest;
  if (refresh && (await redis.expire(key, IMPORT_ZIP_TTL_S)) === 1) return true;
  if (!ZIP_NAME.test(zipName)) return false;
  let zip: Buffer;
  try {
    zip = readFileSync(join(importsDir(db), zipName));
  } catch {
    return false;
  }
  if (createHash('sha256').update(zip).digest('hex') !== ref.digest) return false;
  await redis.set(key, zip, 'EX', IMPORT_ZIP_TTL_S);
  return true;
}

export async function dropImportZip(redis: Redis, ref: ProblemDataRef): Promise<void> {
  await redis.del(IMPORT_ZIP_KEY_PREFIX + ref.digest);
}

/**
 * The worker's side: the job's zip read from Redis (its length checked before a byte is read, its
 * digest after) and written where the judge thread's import job reads it. Throws with a sentence
 * the web tier answers by writing the zip again and queueing the job anew (PROBLEM_DATA_FAILURE).
 */
export async function fetchImportZip(db: Db, redis: Redis, zipName: unknown, ref: ProblemDataRef): Promise<void> {
  const fail = (why: string) => new Error(`${PROBLEM_DATA_FAILURE} the uploaded zip ${why}`);
  if (typeof zipName !== 'string' || !ZIP_NAME.test(zipName)) throw fail('has no usable file name in the job');
  if (ref.bytes > MAX_ZIP_BYTES) throw fail(`is ${ref.bytes} bytes, over ${MAX_ZIP_BYTES}`);
  const key = IMPORT_ZIP_KEY_PREFIX + ref.digest;
  const stored = await redis.strlen(key);
  if (stored === 0) throw fail(`(${key}) is not in Redis`);
  if (stored !== ref.bytes) throw fail(`in Redis is ${stored} bytes, not the job's ${ref.bytes}`);
  const zip = await redis.getBuffer(key);
  if (!zip || zip.length !== ref.bytes) throw fail(`(${key}) is not in Redis whole`);
  const digest = createHash('sha256').update(zip).digest('hex');
  if (digest !== ref.digest) throw fail(`in Redis has digest ${digest.slice(0, 12)}, not the job's ${ref.digest.slice(0, 12)}`);
  writeFileSync(join(importsDir(db), zipName), zip, { mode: 0o600 });
}

/** The worker's side: the problem its import stored, as the document the web tier installs, put in Redis. */
export async function publishImportedProblem(db: Db, redis: Redis, slug: string): Promise<ProblemDataRef | null> {
  // With its PDF statement and attachments: the web tier keeps them, its judges never read them.
  const doc = readProblemDocument(db, slug, { withFiles: true });
  if (!doc) return null;
  const { ref, blob } = encodeProblemDocument(doc);
  await redis.set(PROBLEM_KEY_PREFIX + ref.digest, blob, 'EX', PROBLEM_TTL_S);
  return ref;
}

const REF = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(1) }).strict();
const SOLUTION_ROW = z
  .object({
    folder: z.string().max(100),
    name: z.string().max(300),
    // Every language a package's submission is read as (server/package-format/programs.ts).
    language: z.enum(['typescript', 'javascript', 'cpp', 'c', 'python', 'other']),
    languageName: z.string().max(200).optional(),
    expected: z.string().max(10),
    got: z.string().max(10).nullable(),
    failedTest: z.number().int().nullable(),
    tests: z.string().max(200_000),
    maxTimeMs: z.number(),
    ok: z.boolean(),
    note: z.string().max(10_000).nullable(),
  });
/** A worker's refusal, as the row will show it: its solution table and reasons, checked (nothing else kept). */
export function workerRefusal(result: unknown): { rows: ImportFinal['rows']; reasons: string[] } {
  const r = z.object({ rows: z.array(SOLUTION_ROW).max(1_000), reasons: z.array(z.string().max(10_000)).min(1).max(100) }).safeParse(result);
  if (!r.success) return { rows: [], reasons: ["The judge worker's refusal does not have the expected shape; upload the package again."] };
  return { rows: r.data.rows as ImportFinal['rows'], reasons: r.data.reasons };
}

const STORED_RESULT = z.object({
  slug: z.string().max(64),
  rows: z.array(SOLUTION_ROW).max(1_000),
  notes: z.array(z.string().max(10_000)).max(1_000),
});

/**
 * The web tier's side of a worker's "stored": the document read back and checked (digest, shape,
 * version hash, the slug the worker named), the slug checked against this database (a built-in, a
 * reserved name, a stored problem without replace), and the problem installed in the transaction
 * that finishes the import's row, so it is never half stored and never stored twice. Anything that
 * does not hold finishes the row refused with the reason. Returns the final as stored.
 */
export async function installImportedProblem(
  db: Db,
  redis: Redis,
  id: number,
  result: unknown,
  docRef: unknown,
  maxDocBytes: number,
): Promise<ImportFinal | null> {
  const row = getProblemImport(db, id);
  if (!row || row.status === 'done') return null;
  const refuse = (why: string, rows: ImportFinal['rows'] = []): ImportFinal => ({ outcome: 'refused', slug: null, rows, reasons: [`The judge worker's result could not be used: ${why}. Upload the package again.`], notes: [] });
  let final: ImportFinal;
  let doc: ProblemDocument | null = null;
  const said = STORED_RESULT.safeParse(result);
  const ref = REF.safeParse(docRef);
  if (!said.success) final = refuse('its report does not have the expected shape');
  else if (!ref.success) final = refuse('it names no stored problem document', said.data.rows as ImportFinal['rows']);
  else {
    const rows = said.data.rows as ImportFinal['rows'];
    try {
      const key = PROBLEM_KEY_PREFIX + ref.data.digest;
      // The size first: an oversized value is never read into memory.
      const stored = await redis.strlen(key);
      if (stored === 0) throw new ProblemDataError('its problem document is not in Redis');
      if (stored > maxDocBytes) throw new ProblemDataError(`its problem document is ${stored} bytes compressed, over ${maxDocBytes}`);
      const blob = await redis.getBuffer(key);
      if (!blob) throw new ProblemDataError('its problem document is not in Redis');
      doc = decodeProblemDocument(blob, { ref: ref.data, slug: said.data.slug, contentHash: null }, maxDocBytes);
      const fault = interactorFault(doc);
      if (fault !== null) throw new ProblemDataError(fault);
      if (row.storeAs !== null && doc.slug !== row.storeAs) throw new ProblemDataError(`it stored the problem as ${doc.slug}, not ${row.storeAs}`);
      final = { outcome: 'stored', slug: doc.slug, rows, reasons: [], notes: said.data.notes };
    } catch (e) {
      if (!(e instanceof ProblemDataError)) throw e;
      final = refuse(e.message.replace(/\.$/, ''), rows);
      doc = null;
      await redis.del(PROBLEM_KEY_PREFIX + ref.data.digest).catch(() => {});
    }
  }
  return db.transaction((): ImportFinal | null => {
    const now = getProblemImport(db, id);
    if (!now || now.status === 'done') return null;
    if (doc) {
      // This database's names, not the worker's cache's: checked here, in the transaction that stores.
      const faults = slugFaults(db, doc.slug, now.replace);
      if (faults.length) final = { outcome: 'refused', slug: null, rows: final.rows, reasons: faults, notes: [] };
      // As storePackage writes an imported package: published, the uploader's.
      else writeProblemDocument(db, doc, now.owner);
    }
    finishProblemImport(db, id, final);
    return final;
  }).immediate();
}
