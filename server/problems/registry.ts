import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProblemPackage, ReferenceSolver } from './types';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PROBLEMS_DIR = join(ROOT, 'problems');
export const REFERENCE_DIR = join(ROOT, 'reference');

/** Slugs are lowercase words joined by dashes: nothing that could walk out of a folder. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Path segments the judge's own routes use right after /problems/ or /api/problems/ (the authoring
 * page /problems/new, the upload POST /api/problems/import): they are mounted before
 * /problems/:slug, so a problem of that name could never be reached. No problem takes one.
 */
export const RESERVED_SLUGS: readonly string[] = ['new', 'import'];

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug);
}

/** The sentence refusing a reserved name, and what to do instead. */
export function reservedSlugSentence(slug: string, instead: string): string {
  return `"${slug}" is a word the judge's own addresses use (/problems/${slug}), not a problem's short name; ${instead}.`;
}

export interface Sample {
  input: string;
  output: string;
}

/** Everything a problem folder holds, loaded: the package module plus its text files. */
export interface LoadedProblem {
  pkg: ProblemPackage<unknown>;
  dir: string;
  statement: { en: string; zh: string };
  samples: Sample[];
  /** Known-wrong and too-slow TypeScript submissions, by file name. */
  wrong: { name: string; source: string }[];
  slow: { name: string; source: string }[];
}

export function listSlugs(): string[] {
  return readdirSync(PROBLEMS_DIR)
    .filter((name) => SLUG_PATTERN.test(name) && existsSync(join(PROBLEMS_DIR, name, 'index.ts')))
    .sort();
}

export async function loadProblem(slug: string): Promise<LoadedProblem> {
  if (!SLUG_PATTERN.test(slug)) throw new Error(`invalid problem slug "${slug}"`);
  const dir = join(PROBLEMS_DIR, slug);
  const mod = (await import(pathToFileURL(join(dir, 'index.ts')).href)) as { default: ProblemPackage<unknown> };
  const pkg = mod.default;
  if (pkg.slug !== slug) throw new Error(`problems/${slug}/index.ts declares slug "${pkg.slug}"`);
  return {
    pkg,
    dir,
    statement: {
      en: readFileSync(join(dir, 'statement.en.md'), 'utf8'),
      zh: readFileSync(join(dir, 'statement.zh.md'), 'utf8'),
    },
    samples: readSamples(join(dir, 'samples')),
    wrong: readSources(join(dir, 'wrong')),
    slow: readSources(join(dir, 'slow')),
  };
}

export async function loadAllProblems(): Promise<LoadedProblem[]> {
  return Promise.all(listSlugs().map(loadProblem));
}

export async function loadReference(slug: string, kind: 'fast' | 'brute'): Promise<ReferenceSolver> {
  if (!SLUG_PATTERN.test(slug)) throw new Error(`invalid problem slug "${slug}"`);
  const file = join(REFERENCE_DIR, slug, `${kind}.ts`);
  const mod = (await import(pathToFileURL(file).href)) as Partial<ReferenceSolver>;
  if (typeof mod.solve !== 'function') throw new Error(`reference/${slug}/${kind}.ts exports no solve()`);
  return { solve: mod.solve };
}

export function referenceSource(slug: string, kind: 'fast' | 'brute'): string {
  return readFileSync(join(REFERENCE_DIR, slug, `${kind}.ts`), 'utf8');
}

/** Samples are `samples/<n>.in` with `samples/<n>.ans`, ordered by n. */
function readSamples(dir: string): Sample[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.in'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .map((f) => ({
      input: readFileSync(join(dir, f), 'utf8'),
      output: readFileSync(join(dir, f.replace(/\.in$/, '.ans')), 'utf8'),
    }));
}

function readSources(dir: string): { name: string; source: string }[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => ({ name: f, source: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * A reference solver as a student would submit it: the module's own text plus a two-line driver.
 * The reference files import nothing, so the text compiles on its own.
 */
export function referenceAsSubmission(slug: string, kind: 'fast' | 'brute'): string {
  return `${referenceSource(slug, kind)}\nprocess.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));\n`;
}
