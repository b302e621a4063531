import { createHash } from 'node:crypto';
import { SLUG_PATTERN, isReservedSlug, listSlugs, reservedSlugSentence } from '../problems/registry';
import { prepared, type Db } from '../storage/db';
import { REMOVED_HASH, saveImportedProblem, type NewTest } from '../storage/problems';
import type { ParsedPackage } from '../package-format/parse';
import type { CaseLayout } from '../problems/case-layout';
import { NAMES_FILE } from '../package-format/plain-names';
import { checkerOf, limitsOf, packageFaults, statementsOf } from './package-data';
import { keptFileFaults, keptFilesOf, saveKeptFiles } from './kept-files';
import { extraFaults, packageBytesFaults, pageFactsOf, saveFacts } from './kept-bounds';
import { StoreRefused, type SolutionReport, type StoredPackageData } from './types';

export interface StoreOptions {
  /** The teacher who brought it in (null: the command line, or local mode). */
  owner: number | null;
  /** False: a draft, kept out of the problem list and the judge until published. */
  published: boolean;
  /** Replace a stored problem of the same slug (a new version); without it, the slug must be free. */
  replace?: boolean;
  /** TypeScript exporting generate(rng, size): stress tests need one. */
  generator?: string;
  /** The solution table the import ran, kept beside the package. */
  solutions?: SolutionReport[];
  /** Input of T cases of fixed lines: the judge names the failing case (server/problems/case-layout.ts). */
  caseLayout?: CaseLayout | null;
  /** sg-judge/ files kept for the export (a draft's brute force and lab facts, an imported package's). */
  extra?: { path: string; text: string }[];
  /** Run inside the store's transaction (an import job finishes its row there: stored and finished together). */
  alsoInTransaction?: (slug: string) => void;
}

/**
 * sg-judge/ files an export writes from their own fields, never kept twice. An imported
 * sg-judge/generator.ts that works (imported-generator.ts) is the problem's generator, kept in its
 * column and not as a file; one that does not is kept as a file only.
 */
const GENERATED_EXTRA = new Set(['case-layout.json', 'README.md', NAMES_FILE]);

/** Content hashes of stored problems start with this, so caches and the start-up import tell them apart. */
export const STORED_HASH_PREFIX = 'stored:';

let builtIn: Set<string> | null = null;
/** Slugs of the packages in problems/: a stored problem may not take one. */
export function isBuiltInSlug(slug: string): boolean {
  builtIn ??= new Set(listSlugs());
  return builtIn.has(slug);
}

/**
 * Stores a parsed package as a problem, in one transaction: the problem row (statement, limits),
 * its tests (samples, then the secret ones), and the stored_problems row (checker, solution table,
 * notes). Throws StoreRefused with every reason, having written nothing.
 */
export function storePackage(db: Db, pkg: ParsedPackage, opts: StoreOptions): { slug: string } {
  const slug = pkg.shortName;
  const reasons = [...slugFaults(db, slug, opts.replace ?? false), ...packageFaults(pkg)];
  const { checker } = checkerOf(pkg);
  const { limits, notes: limitNotes } = limitsOf(pkg);
  const statements = statementsOf(pkg);

  const sources = new Map(Object.values(pkg.submissions).flat().map((s) => [s.name, s.source]));
  const data: StoredPackageData = {
    format: 1,
    name: pkg.name,
    source: pkg.source,
    license: pkg.license,
    type: pkg.type,
    validation: pkg.validation,
    checker,
    statementFormats: pkg.statementFormats ?? {},
    solutions: (opts.solutions ?? []).map((r) => ({ ...r, source: sources.get(r.name) ?? null })),
    notes: [...pkg.notes, ...limitNotes, ...statements.notes],
    caseLayout: opts.caseLayout ?? null,
    ...(pkg.uuid && { uuid: pkg.uuid }),
    ...(pkg.validatorFlags && { validatorFlags: pkg.validatorFlags }),
    inputValidators: (pkg.inputValidators ?? []).map((v) => ({ path: v.path, source: v.source })),
    extra: (opts.extra ?? pkg.sgJudgeFiles ?? []).filter((f) => !GENERATED_EXTRA.has(f.path) && !(opts.generator !== undefined && f.path === 'generator.ts')),
  };
  const tests: NewTest[] = [
    ...pkg.samples.map((t, i) => ({ kind: 'sample' as const, label: `sample ${i + 1}`, input: t.input, expected: t.answer })),
    ...pkg.secret.map((t) => ({ kind: 'edge' as const, label: `secret ${t.name}`.slice(0, 120), input: t.input, expected: t.answer })),
  ];
  const json = JSON.stringify(data);
  // What is kept is bounded (kept-bounds.ts): checked on what would be written.
  const files = keptFilesOf(pkg);
  reasons.push(...extraFaults(data.extra ?? []), ...packageBytesFaults(json), ...keptFileFaults(files));
  if (reasons.length) throw new StoreRefused(reasons);
  const facts = pageFactsOf(data, opts.generator !== undefined);

  db.transaction(() => {
    // Again inside the transaction: another import may have taken the name meanwhile.
    const taken = slugFaults(db, slug, opts.replace ?? false);
    if (taken.length) throw new StoreRefused(taken);
    saveImportedProblem(
      db,
      {
        slug,
        titleEn: pkg.name.en,
        titleZh: pkg.name.zh ?? pkg.name.en,
        source: pkg.source ?? '',
        statementEn: statements.en,
        statementZh: statements.zh,
        timeLimitMs: limits.timeMs,
        memoryLimitMb: limits.memoryMb,
        contentHash: storedContentHash(json, tests, statements.en, statements.zh),
      },
      tests,
    );
    prepared(
      db,
      `INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (slug) DO UPDATE SET owner = excluded.owner, published = excluded.published, package = excluded.package,
         generator = excluded.generator, stored_at = excluded.stored_at`,
    ).run(slug, opts.owner, opts.published ? 1 : 0, json, opts.generator ?? null, Date.now());
    saveFacts(db, slug, facts);
    saveKeptFiles(db, slug, files);
    bumpVersion(db);
    opts.alsoInTransaction?.(slug);
  }).immediate();
  return { slug };
}

/**
 * A stored problem's version: its package column, tests and statements, hashed. A distributed
 * worker recomputes it over the problem data it reads from Redis (server/distributed/problem-data.ts).
 */
export function storedContentHash(packageJson: string, tests: readonly { input: string; expected: string }[], statementEn: string, statementZh: string): string {
  const hash = createHash('sha256').update(packageJson).update('\0');
  for (const t of tests) hash.update(t.input).update('\0').update(t.expected).update('\0');
  hash.update(statementEn).update('\0').update(statementZh);
  return `${STORED_HASH_PREFIX}${hash.digest('hex')}`;
}

/** Why a package may not be stored under this short name (checked again inside the store's transaction). */
export function slugFaults(db: Db, slug: string, replace: boolean): string[] {
  if (!SLUG_PATTERN.test(slug) || slug.length > 64) return [`"${slug.slice(0, 64)}" is not a short name: lowercase letters and digits joined by dashes, at most 64 characters.`];
  if (isBuiltInSlug(slug)) return [`"${slug}" is the short name of a built-in problem; import it under another name (--as NAME).`];
  if (isReservedSlug(slug)) return [reservedSlugSentence(slug, 'import it under another name (--as NAME)')];
  // 'evicted': a distributed worker's cache dropped this stored problem's data (problem-data.ts); the name is free there.
  const hash = (prepared(db, 'SELECT content_hash AS h FROM problems WHERE slug = ?').get(slug) as { h: string } | undefined)?.h;
  // 'removed' (remove.ts): a teacher removed it; the name is free again.
  const existing = hash !== undefined && hash !== 'evicted' && hash !== REMOVED_HASH;
  const stored = prepared(db, 'SELECT slug FROM stored_problems WHERE slug = ?').get(slug) !== undefined;
  if (existing && !stored) return [`"${slug}" is a problem this judge already holds from problems/; import it under another name (--as NAME).`];
  if (stored && !replace) return [`A problem "${slug}" is already stored; import it under another name (--as NAME), or replace it.`];
  return [];
}

export function bumpVersion(db: Db): void {
  prepared(db, 'UPDATE stored_problems_version SET version = version + 1 WHERE id = 1').run();
}

/** Publishes a stored draft (or takes a problem back to draft); false when no such stored problem. */
export function setPublished(db: Db, slug: string, published: boolean): boolean {
  return db.transaction(() => {
    const changed = prepared(db, 'UPDATE stored_problems SET published = ? WHERE slug = ?').run(published ? 1 : 0, slug).changes > 0;
    if (changed) bumpVersion(db);
    return changed;
  }).immediate();
}

/** One cheap read: changes whenever a stored problem is stored, replaced or published. */
export function storedProblemsVersion(db: Db): number {
  return (prepared(db, 'SELECT version FROM stored_problems_version WHERE id = 1').get() as { version: number } | undefined)?.version ?? 0;
}

export interface StoredProblem {
  slug: string;
  owner: number | null;
  published: boolean;
  data: StoredPackageData;
  generator: string | null;
  storedAt: number;
}

export function getStoredProblem(db: Db, slug: string): StoredProblem | undefined {
  const row = prepared(db, 'SELECT slug, owner, published, package, generator, stored_at AS storedAt FROM stored_problems WHERE slug = ?').get(slug) as
    | { slug: string; owner: number | null; published: number; package: string; generator: string | null; storedAt: number }
    | undefined;
  return row && { slug: row.slug, owner: row.owner, published: row.published === 1, data: JSON.parse(row.package) as StoredPackageData, generator: row.generator, storedAt: row.storedAt };
}
