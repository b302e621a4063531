import { readFacts } from '../problem-store/kept-bounds';
import type { Db } from '../storage/db';
import { said, type Said } from '../text/messages';
import { HttpError } from './errors';

/**
 * What a stored problem (an imported package, a published draft) lacks for `use`, as a message
 * id, or null when it has it: custom inputs and saved tests need a reference the judge can run
 * (an accepted TypeScript or JavaScript solution), stress tests also a generator. Built-in
 * problems have both. Read without the solution sources (they can be large).
 */
export function storedLack(db: Db, slug: string, use: 'stress' | 'input'): Said | null {
  // A small table written with the package (migration 49), never its JSON: a view costs the same whatever the package holds.
  const row = readFacts(db, slug);
  if (!row) return null;
  // An interactive problem's answer is a game against its interactor, not a reference's output.
  if (row.interactive) return said('error.stored-interactive', slug);
  if (row.referenceState === 'none') return said('error.stored-no-reference', slug);
  if (row.referenceState === 'language') return said('error.stored-reference-language', slug, row.referenceName ?? '');
  if (use === 'stress' && !row.hasGenerator) return said('error.stored-no-generator', slug);
  return null;
}

/** 409 with the sentence naming what is missing, instead of failing in the judge thread. */
export function refuseForStored(db: Db, slug: string, use: 'stress' | 'input'): void {
  const lack = storedLack(db, slug, use);
  if (lack) throw new HttpError(409, lack);
}
