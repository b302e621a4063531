import { catalogEntry } from '../../problems/catalog';
import { languageOfFile } from '../package-format/programs';
import { readFacts } from '../problem-store/kept-bounds';
import { isNativePackageLanguage, nativeUnavailable } from '../problem-store/native-languages';
import type { Db } from '../storage/db';
import { said, type Said } from '../text/messages';
import { HttpError } from './errors';

/**
 * What a stored problem (an imported package, a published draft) lacks for `use`, as a message
 * id, or null when it has it: a custom input (`invoke`) and a saved test (`input`) need a
 * reference the judge runs here (an accepted solution in TypeScript, JavaScript, or C++ / Python
 * with its compiler detected), stress tests also a generator; an interactive problem's custom
 * input is a game against its interactor (no reference), while its saved tests and stress tests
 * are not run. Built-in problems have everything. Read without the solution sources (they can be large).
 */
export type StoredUse = 'stress' | 'input' | 'invoke';
export function storedLack(db: Db, slug: string, use: StoredUse): Said | null {
  // A small table written with the package (migration 49), never its JSON: a view costs the same whatever the package holds.
  const row = readFacts(db, slug);
  if (!row) return null;
  if (row.interactive) return use === 'invoke' ? null : said('error.stored-interactive', slug);
  if (row.referenceState === 'none') return said('error.stored-no-reference', slug);
  if (row.referenceState === 'language') return said('error.stored-reference-language', slug, row.referenceName ?? '');
  const family = row.referenceName ? languageOfFile(row.referenceName)?.language : undefined;
  const off = family && isNativePackageLanguage(family) ? nativeUnavailable(family) : null;
  if (off !== null) return said('error.stored-reference-off', slug, row.referenceName ?? '', off);
  if (use === 'stress' && !row.hasGenerator) return said('error.stored-no-generator', slug);
  return null;
}

/** Whether a problem is played against an interactor: a built-in one by its catalogue, a stored one by its facts. */
export function isInteractiveProblem(db: Db, slug: string): boolean {
  return catalogEntry(slug).tags.includes('interactive') || readFacts(db, slug)?.interactive === true;
}

/** 409 with the sentence naming what is missing, instead of failing in the judge thread. */
export function refuseForStored(db: Db, slug: string, use: StoredUse): void {
  const lack = storedLack(db, slug, use);
  if (lack) throw new HttpError(409, lack);
}
