import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { listSlugs, PROBLEMS_DIR, REFERENCE_DIR, ROOT, SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { listUserTests, problemHashes, saveImportedProblem } from '../storage/problems';
import type { BuildReply, BuildRequest } from './import-thread';
import { ImportThread } from './thread-client';
import { BUILD_CACHE_DIR, keepBuild, keptBuild } from './build-cache';

/** The code that turns a package into tests: when it changes, stored tests may be stale too. */
const BUILDER_FILES = ['server/problems/testset.ts', 'server/problems/seed.ts', 'server/problems/registry.ts', 'server/problems/types.ts', 'server/problems/input-reader.ts', 'node_modules/fast-check/package.json'];

export interface ImportOptions {
  /** Only these slugs (default: every package folder). */
  only?: readonly string[];
  log?: (line: string) => void;
  warn?: (line: string) => void;
  /** How long one package may take to build before it counts as broken. */
  timeoutMs?: number;
  /** Where builds are kept between data directories (build-cache.ts); tests use their own. */
  buildCacheDir?: string;
  /** Called once, before the first build starts, with the packages to build (new or changed). */
  onPlanned?: (slugs: string[]) => void;
  /** Called when one package's build has ended: stored (its tests in one transaction) or skipped. */
  onSettled?: (slug: string) => void;
  /** Test hook: builds start once this settles, so a test can watch the server while it builds. */
  holdUntil?: Promise<void>;
}

export interface ImportReport {
  imported: string[];
  unchanged: string[];
  failed: { slug: string; error: string }[];
}

/**
 * Brings the database in line with the problem packages on disk. A package whose content hash
 * matches the stored one is left alone; a new or changed one is rebuilt (tests regenerated with its
 * fast reference) and stored in one transaction. A package that fails to build is skipped with one
 * warning, keeps its previously stored version if any, and is tried again on the next start
 * (its hash is not recorded).
 */
export async function importProblems(db: Db, options: ImportOptions = {}): Promise<ImportReport> {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? log;
  const report: ImportReport = { imported: [], unchanged: [], failed: [] };

  const wanted = options.only ? new Set(options.only) : null;
  if (!wanted) {
    for (const name of incompleteFolders()) warn(`skipping problems/${name}: ${incompleteReason(name)}`);
  }
  const slugs = listSlugs().filter((s) => !wanted || wanted.has(s));
  const stored = problemHashes(db);
  const toBuild: { slug: string; hash: string }[] = [];
  for (const slug of slugs) {
    const hash = packageHash(slug);
    if (stored.get(slug) === hash) report.unchanged.push(slug);
    else toBuild.push({ slug, hash });
  }
  if (report.unchanged.length) log(`problems unchanged since last import: ${report.unchanged.join(', ')}`);
  options.onPlanned?.(toBuild.map((b) => b.slug));
  if (options.holdUntil) await options.holdUntil;

  const cacheDir = options.buildCacheDir ?? BUILD_CACHE_DIR;
  const hashOf = new Map(toBuild.map((b) => [b.slug, b.hash]));
  // Each package is stored as soon as its build arrives, so the pages serve it while others build.
  const settle = (slug: string, reply: BuildReply): void => {
    if (!reply.ok) {
      const kept = stored.has(slug) ? ' (keeping the previously imported version)' : '';
      warn(`skipping problem ${slug}: ${reply.error}${kept}`);
      report.failed.push({ slug, error: reply.error });
    } else {
      saveImportedProblem(db, { slug, ...reply.problem, contentHash: hashOf.get(slug)! }, reply.tests, reply.userExpected);
      log(`imported problem ${slug} (${reply.tests.length} tests)`);
      report.imported.push(slug);
    }
    options.onSettled?.(slug);
  };
  const requests = toBuild.map((b) => ({ type: 'build' as const, slug: b.slug, userInputs: listUserTests(db, b.slug).map((t) => t.input) }));
  // A package built before, in any data directory, with no user tests to answer: its kept build.
  const toRun: BuildRequest[] = [];
  for (const r of requests) {
    const kept = r.userInputs.length === 0 ? keptBuild(cacheDir, r.slug, hashOf.get(r.slug)!) : null;
    if (kept) settle(r.slug, kept);
    else toRun.push(r);
  }
  await buildInWorkers(toRun, options.timeoutMs ?? 60_000, (slug, reply) => {
    keepBuild(cacheDir, slug, hashOf.get(slug)!, reply);
    settle(slug, reply);
  });
  // Reported in package order, whatever order the threads finished in.
  report.imported.sort();
  report.failed.sort((a, b) => a.slug.localeCompare(b.slug));
  return report;
}

/** sha256 over the relative path and content of every file of the package and its references. */
export function packageHash(slug: string): string {
  const h = createHash('sha256');
  for (const base of [join(PROBLEMS_DIR, slug), join(REFERENCE_DIR, slug)]) {
    for (const file of filesUnder(base)) {
      h.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  for (const f of BUILDER_FILES) {
    const file = join(ROOT, f);
    if (existsSync(file)) h.update(f).update('\0').update(readFileSync(file)).update('\0');
  }
  return h.digest('hex');
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

/** Folders in problems/ that listSlugs() leaves out: a bad name or no index.ts yet. */
function incompleteFolders(): string[] {
  if (!existsSync(PROBLEMS_DIR)) return [];
  const ok = new Set(listSlugs());
  return readdirSync(PROBLEMS_DIR)
    .filter((name) => !name.startsWith('.') && statSync(join(PROBLEMS_DIR, name)).isDirectory() && !ok.has(name))
    .sort();
}

function incompleteReason(name: string): string {
  if (!SLUG_PATTERN.test(name)) return 'the folder name is not a valid slug (lowercase words joined by dashes)';
  return 'it has no index.ts';
}

/**
 * Builds packages in a few worker threads. A build that overruns the timeout or kills its thread
 * becomes a failure for that package only; the thread is replaced for the rest.
 */
async function buildInWorkers(requests: BuildRequest[], timeoutMs: number, onReply: (slug: string, reply: BuildReply) => void): Promise<void> {
  const queue = [...requests];
  // One thread per core, up to 8: a fresh install builds all 29 packages (about a second of CPU
  // each) before the first page, so a 4-core cap left half of an 8-core laptop idle.
  const threads = Math.min(queue.length, Math.max(1, Math.min(availableParallelism(), 8)));

  async function lane(): Promise<void> {
    const thread = new ImportThread({ maxOldGenerationSizeMb: 2048 });
    try {
      for (let req = queue.shift(); req !== undefined; req = queue.shift()) {
        const answer = await thread.request(req, timeoutMs);
        const lost = answer.ok ? '' : answer.timedOut ? `building its tests took longer than ${Math.round(timeoutMs / 1000)} s` : answer.lost;
        onReply(req.slug, answer.ok ? answer.reply : { slug: req.slug, ok: false, error: lost });
      }
    } finally {
      await thread.close();
    }
  }
  await Promise.all(Array.from({ length: threads }, lane));
}
