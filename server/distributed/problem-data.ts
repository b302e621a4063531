/**
 * A stored problem (an imported package or a published draft) as it travels to a judge worker:
 * everything its judge reads (limits, tests, the stored package with its checker or an interactive
 * problem's interactor modules, the generator, the statements its version hash covers), as one gzipped JSON document kept in Redis under the
 * SHA-256 of the document (the digest). The job names the digest and the problem's version hash;
 * the worker checks both against what it read, so a changed, truncated or foreign document is
 * refused, never judged with.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { STORED_HASH_PREFIX, storedContentHash } from '../problem-store/store';
import { prepared, type Db } from '../storage/db';
import { saveImportedProblem } from '../storage/problems';
import { pageFactsOf, saveFacts } from '../problem-store/kept-bounds';
import type { StoredPackageData } from '../problem-store/types';
import { KEPT_FILE_BYTES, listKeptFiles, mediaTypeOf, readKeptFile, SAFE_FILE_NAME, saveKeptFiles } from '../problem-store/kept-files';

/** What the job payload says of the problem's data: where it is and how to know it. */
export interface ProblemDataRef {
  /** SHA-256 (hex) of the uncompressed document: its Redis key's tail, checked after reading. */
  digest: string;
  /** Uncompressed bytes: the worker's cache counts them. */
  bytes: number;
}

const TEST = z.object({ kind: z.enum(['sample', 'edge', 'random']), label: z.string().max(200), input: z.string(), expected: z.string() }).strict();

const DOCUMENT = z
  .object({
    format: z.literal(1),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64),
    contentHash: z.string().startsWith(STORED_HASH_PREFIX).max(200),
    titleEn: z.string().max(1_000),
    titleZh: z.string().max(1_000),
    source: z.string().max(10_000),
    statementEn: z.string(),
    statementZh: z.string(),
    timeLimitMs: z.number().int().min(1).max(600_000),
    memoryLimitMb: z.number().int().min(1).max(65_536),
    tests: z.array(TEST).max(100_000),
    /** The stored_problems.package column, verbatim (the version hash covers it as text). */
    package: z.string(),
    generator: z.string().nullable(),
    /**
     * A worker's import only (import-transfer.ts): the PDF statement and attachments it kept,
     * base64. A judge job's document has none (its judge never reads them).
     */
    files: z
      .array(
        z
          .object({
            kind: z.enum(['statement', 'attachment']),
            name: z.string().regex(SAFE_FILE_NAME),
            lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]+)?$/).nullable(),
            data: z.string().max(Math.ceil((KEPT_FILE_BYTES * 4) / 3) + 4),
          })
          .strict(),
      )
      .max(40)
      .optional(),
  })
  .strict();

export type ProblemDocument = z.infer<typeof DOCUMENT>;

/** An interactive problem's checker in the stored package: the interactor's modules, as imported (server/problem-store/types.ts). */
const STORED_INTERACTOR = z.object({
  kind: z.literal('interactor'),
  entry: z.string().min(1),
  files: z.array(z.object({ name: z.string().min(1), language: z.enum(['typescript', 'javascript']), source: z.string() })).min(1),
});
/** Or the format's interactor program (C++ or Python), built and run in the worker's native runner. */
const STORED_INTERACTOR_PROGRAM = z.object({
  kind: z.literal('interactor-program'),
  path: z.string().min(1),
  language: z.enum(['cpp', 'c', 'python']),
  files: z.array(z.object({ path: z.string().min(1), source: z.string() })).min(1),
});

/** Why a worker will not judge with the problem data it read (the job fails and the web tier sends it again). */
export class ProblemDataError extends Error {}

/** The web tier's side: the document of a stored problem as its database holds it now (undefined: not a stored problem). */
export function readProblemDocument(db: Db, slug: string, opts: { withFiles?: boolean } = {}): ProblemDocument | undefined {
  const p = prepared(
    db,
    `SELECT p.slug, p.content_hash AS contentHash, p.title_en AS titleEn, p.title_zh AS titleZh, p.source, p.statement_en AS statementEn,
       p.statement_zh AS statementZh, p.time_limit_ms AS timeLimitMs, p.memory_limit_mb AS memoryLimitMb, s.package, s.generator
     FROM problems p JOIN stored_problems s ON s.slug = p.slug WHERE p.slug = ?`,
  ).get(slug) as Omit<ProblemDocument, 'format' | 'tests'> | undefined;
  if (!p) return undefined;
  const tests = prepared(db, "SELECT kind, label, input, expected FROM tests WHERE problem = ? AND kind <> 'user' ORDER BY idx").all(slug) as ProblemDocument['tests'];
  if (!opts.withFiles) return { format: 1, ...p, tests };
  const files = listKeptFiles(db, slug).map((f) => ({ kind: f.kind, name: f.name, lang: f.lang, data: readKeptFile(db, slug, f.kind, f.name)!.data.toString('base64') }));
  return { format: 1, ...p, tests, files };
}

/** The document as stored in Redis, with what the job names it by. */
export function encodeProblemDocument(doc: ProblemDocument): { ref: ProblemDataRef; blob: Buffer } {
  const json = Buffer.from(JSON.stringify(doc));
  return { ref: { digest: createHash('sha256').update(json).digest('hex'), bytes: json.length }, blob: gzipSync(json, { level: 6 }) };
}

/**
 * The worker's side: the bytes read from Redis, checked to be exactly the document the job names
 * (its digest, its problem and version hash), at most `maxBytes` uncompressed. A null contentHash
 * (a worker's import read back by the web tier, import-transfer.ts): the version the document
 * says, recomputed from its contents.
 */
export function decodeProblemDocument(blob: Buffer, expect: { ref: ProblemDataRef; slug: string; contentHash: string | null }, maxBytes: number): ProblemDocument {
  if (expect.ref.bytes > maxBytes) throw new ProblemDataError(`its data is ${expect.ref.bytes} bytes, over this worker's limit of ${maxBytes} (WORKER_PROBLEM_MAX_MB)`);
  let json: Buffer;
  try {
    // The bound holds whatever the compressed bytes claim: a gzip bomb stops at maxBytes + 1.
    json = gunzipSync(blob, { maxOutputLength: maxBytes + 1 });
  } catch (e) {
    throw new ProblemDataError(`its data in Redis is not a gzip document within ${maxBytes} bytes (${e instanceof Error ? e.message : String(e)})`);
  }
  if (json.length > maxBytes) throw new ProblemDataError(`its data in Redis is over ${maxBytes} bytes`);
  const digest = createHash('sha256').update(json).digest('hex');
  if (digest !== expect.ref.digest) throw new ProblemDataError(`its data in Redis has digest ${digest.slice(0, 12)}, not the job's ${expect.ref.digest.slice(0, 12)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw new ProblemDataError('its data in Redis is not JSON');
  }
  const r = DOCUMENT.safeParse(parsed);
  if (!r.success) throw new ProblemDataError(`its data in Redis does not have the expected shape (${r.error.issues[0]?.path.join('.') ?? ''}: ${r.error.issues[0]?.message ?? ''})`);
  const doc = r.data;
  if (doc.slug !== expect.slug) throw new ProblemDataError(`its data in Redis is problem ${doc.slug}'s`);
  const recomputed = storedContentHash(doc.package, doc.tests, doc.statementEn, doc.statementZh);
  const expected = expect.contentHash ?? doc.contentHash;
  if (doc.contentHash !== expected || recomputed !== expected) throw new ProblemDataError(`its data in Redis is version ${recomputed.slice(STORED_HASH_PREFIX.length, STORED_HASH_PREFIX.length + 12)}, not the job's ${expected.slice(STORED_HASH_PREFIX.length, STORED_HASH_PREFIX.length + 12)}`);
  try {
    JSON.parse(doc.package);
  } catch {
    throw new ProblemDataError('its stored package is not JSON');
  }
  const fileBytes = (doc.files ?? []).reduce((n, f) => n + Buffer.byteLength(f.data, 'base64'), 0);
  if (fileBytes > KEPT_FILE_BYTES) throw new ProblemDataError(`its files are ${fileBytes} bytes, over the ${KEPT_FILE_BYTES} kept with a problem`);
  return doc;
}

/**
 * Why a worker cannot judge this interactive stored problem, or null (not interactive, or its
 * interactor is all there). The interactor's modules are in the stored package's checker, so the
 * digest and the version hash already cover them; what is checked here is that they are the
 * modules the judge thread will run (judgingFor in server/judging/judging.ts → sandboxed-interactor.ts), not a package that
 * says "interactive" and would be judged by comparing outputs.
 */
export function interactorFault(doc: ProblemDocument): string | null {
  const pkg = JSON.parse(doc.package) as { validation?: unknown; type?: unknown; checker?: unknown };
  if (!/interactive/.test(String(pkg.validation ?? '')) && !/interactive/.test(String(pkg.type ?? ''))) return null;
  if (STORED_INTERACTOR_PROGRAM.safeParse(pkg.checker).success) return null;
  const r = STORED_INTERACTOR.safeParse(pkg.checker);
  if (!r.success) return 'it is an interactive stored problem whose stored package carries no interactor modules (import it again)';
  if (!r.data.files.some((f) => f.name === r.data.entry)) return `its interactor's entry ${r.data.entry} is not among its modules`;
  return null;
}

/**
 * Writes a problem document's rows, in the caller's transaction: the problem row, its tests (the
 * users' saved tests are the job's to copy) and the stored package, published. `owner` is set when
 * given (the web tier storing an upload) and kept otherwise (a worker's cache).
 */
export function writeProblemDocument(db: Db, doc: ProblemDocument, owner?: number | null): void {
  saveImportedProblem(
    db,
    {
      slug: doc.slug,
      titleEn: doc.titleEn,
      titleZh: doc.titleZh,
      source: doc.source,
      statementEn: doc.statementEn,
      statementZh: doc.statementZh,
      timeLimitMs: doc.timeLimitMs,
      memoryLimitMb: doc.memoryLimitMb,
      contentHash: doc.contentHash,
    },
    doc.tests,
  );
  prepared(
    db,
    `INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES (?, ?, 1, ?, ?, ?)
     ON CONFLICT (slug) DO UPDATE SET ${owner === undefined ? '' : 'owner = excluded.owner, '}published = 1, package = excluded.package, generator = excluded.generator, stored_at = excluded.stored_at`,
  ).run(doc.slug, owner ?? null, doc.package, doc.generator, Date.now());
  // What its pages ask (migration 49), as storePackage writes it: without the row a page would
  // offer custom inputs and stress tests to a problem that has no reference or generator for them.
  const data = JSON.parse(doc.package) as Partial<StoredPackageData>;
  saveFacts(db, doc.slug, pageFactsOf({ type: String(data.type ?? ''), validation: String(data.validation ?? ''), solutions: Array.isArray(data.solutions) ? data.solutions : [] }, doc.generator !== null));
  // The files a worker's import kept (its type decided here, from the name, not taken from the worker).
  if (doc.files) {
    const files = doc.files.map((f) => {
      const data = Buffer.from(f.data, 'base64');
      return { kind: f.kind, name: f.name, lang: f.lang, mediaType: f.kind === 'statement' ? 'application/pdf' : mediaTypeOf(f.name), size: data.length, data };
    });
    saveKeptFiles(db, doc.slug, files);
  }
  // Per-database caches of stored problems (case layouts) look at this number.
  prepared(db, 'UPDATE stored_problems_version SET version = version + 1 WHERE id = 1').run();
}

/**
 * Makes the worker's cache database hold this version of the problem, as the web tier's holds it.
 * Marked published: the web tier queued a job for it, so its judge must see it.
 */
export function installProblemDocument(db: Db, doc: ProblemDocument): void {
  db.transaction(() => writeProblemDocument(db, doc)).immediate();
}

/**
 * Drops a stored problem's tests and package from the worker's cache database (the cache is full,
 * or the worker starts): the problem row stays (finished job rows point at it) under a version no
 * job names, so its next job fetches the data again.
 */
export function evictProblemDocument(db: Db, slug: string): void {
  db.transaction(() => {
    prepared(db, 'DELETE FROM tests WHERE problem = ?').run(slug);
    prepared(db, 'DELETE FROM stored_problems WHERE slug = ?').run(slug);
    prepared(db, "UPDATE problems SET content_hash = 'evicted', statement_en = '', statement_zh = '' WHERE slug = ?").run(slug);
    prepared(db, 'UPDATE stored_problems_version SET version = version + 1 WHERE id = 1').run();
  }).immediate();
}
