import { prepared, type Db } from '../storage/db';
import type { StoredPackageData } from './types';
import { isInteractive } from './package-data';
import { storedReferenceOf } from './sandboxed-reference';

/**
 * What is kept of a package beside its problem row and tests: its sg-judge/ files (kept for the
 * export) and the stored_problems.package JSON as a whole (sources, validators, notes). A built-in
 * problem's export keeps about 25 sg-judge/ files of 60 KB; 120 files of 1 MiB (a 143 KB zip) were
 * once stored, and every view of the problem read them. Past a bound the package is refused with a
 * sentence, before anything of it runs.
 */
export const KEPT_BOUNDS = { extraFiles: 100, extraBytes: 1024 * 1024, packageBytes: 8 * 1024 * 1024 } as const;

/** Why these sg-judge/ files are more than is kept, or nothing. */
export function extraFaults(files: readonly { path: string; text: string }[]): string[] {
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text, 'utf8'), 0);
  if (files.length <= KEPT_BOUNDS.extraFiles && bytes <= KEPT_BOUNDS.extraBytes) return [];
  return [`sg-judge/ holds ${files.length} files of ${bytes} bytes; at most ${KEPT_BOUNDS.extraFiles} files and ${KEPT_BOUNDS.extraBytes} bytes (1 MiB) are kept with a problem.`];
}

/** Why the stored package JSON is more than is kept, or nothing. */
export function packageBytesFaults(json: string): string[] {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= KEPT_BOUNDS.packageBytes) return [];
  return [`What is kept of the package beside its tests (solutions, validators, sg-judge/ files) is ${bytes} bytes; at most ${KEPT_BOUNDS.packageBytes} bytes (8 MiB) are kept.`];
}

/** What a page asks of a stored problem, kept in stored_problem_facts (migration 49) beside its package. */
export interface PageFacts {
  interactive: boolean;
  referenceState: 'ok' | 'language' | 'none';
  referenceName: string | null;
  hasGenerator: boolean;
}

export function pageFactsOf(data: Pick<StoredPackageData, 'type' | 'validation' | 'solutions'>, hasGenerator: boolean): PageFacts {
  const ref = storedReferenceOf(data);
  return {
    interactive: isInteractive(data),
    referenceState: ref.ok ? 'ok' : ref.missing,
    referenceName: ref.ok || ref.missing === 'language' ? ref.name : null,
    hasGenerator,
  };
}

/** Written with the package, in its transaction. */
export function saveFacts(db: Db, slug: string, f: PageFacts): void {
  prepared(
    db,
    `INSERT INTO stored_problem_facts (slug, interactive, reference_state, reference_name, has_generator) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (slug) DO UPDATE SET interactive = excluded.interactive, reference_state = excluded.reference_state,
       reference_name = excluded.reference_name, has_generator = excluded.has_generator`,
  ).run(slug, f.interactive ? 1 : 0, f.referenceState, f.referenceName, f.hasGenerator ? 1 : 0);
}

/** The facts of a stored problem, read from their small table (never its package); undefined when it is not stored. */
export function readFacts(db: Db, slug: string): PageFacts | undefined {
  const row = prepared(db, 'SELECT interactive, reference_state AS referenceState, reference_name AS referenceName, has_generator AS hasGenerator FROM stored_problem_facts WHERE slug = ?').get(slug) as
    | { interactive: number; referenceState: PageFacts['referenceState']; referenceName: string | null; hasGenerator: number }
    | undefined;
  return row && { ...row, interactive: row.interactive === 1, hasGenerator: row.hasGenerator === 1 };
}
