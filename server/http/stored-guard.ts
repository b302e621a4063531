import { storedReferenceOf } from '../problem-store/sandboxed-reference';
import { prepared, type Db } from '../storage/db';
import type { SolutionReport } from '../problem-store/types';
import { said, type Said } from '../text/messages';
import { HttpError } from './errors';

type Sol = Pick<SolutionReport, 'folder' | 'name' | 'language'> & { source: string | null };

/**
 * What a stored problem (an imported package, a published draft) lacks for `use`, as a message
 * id, or null when it has it: custom inputs and saved tests need a reference the judge can run
 * (an accepted TypeScript or JavaScript solution), stress tests also a generator. Built-in
 * problems have both. Read without the solution sources (they can be large).
 */
export function storedLack(db: Db, slug: string, use: 'stress' | 'input'): Said | null {
  const row = prepared(
    db,
    `SELECT generator IS NOT NULL AS hasGenerator,
       json_extract(package, '$.type') = 'interactive' OR json_extract(package, '$.validation') LIKE '%interactive%' AS interactive,
       (SELECT json_group_array(json_object('folder', json_extract(value, '$.folder'), 'name', json_extract(value, '$.name'),
          'language', json_extract(value, '$.language'), 'source', CASE WHEN json_extract(value, '$.source') IS NULL THEN NULL ELSE '' END))
        FROM json_each(package, '$.solutions')) AS solutions
     FROM stored_problems WHERE slug = ?`,
  ).get(slug) as { hasGenerator: number; interactive: number; solutions: string } | undefined;
  if (!row) return null;
  // An interactive problem's answer is a game against its interactor, not a reference's output.
  if (row.interactive) return said('error.stored-interactive', slug);
  const ref = storedReferenceOf({ solutions: JSON.parse(row.solutions) as Sol[] });
  if (!ref.ok && ref.missing === 'none') return said('error.stored-no-reference', slug);
  if (!ref.ok) return said('error.stored-reference-language', slug, ref.name);
  if (use === 'stress' && !row.hasGenerator) return said('error.stored-no-generator', slug);
  return null;
}

/** 409 with the sentence naming what is missing, instead of failing in the judge thread. */
export function refuseForStored(db: Db, slug: string, use: 'stress' | 'input'): void {
  const lack = storedLack(db, slug, use);
  if (lack) throw new HttpError(409, lack);
}
