import { prepared, type Db } from '../storage/db';
import { REMOVED_HASH } from '../storage/problems';
import { bumpVersion, isBuiltInSlug } from './store';

export type Removal = { ok: true; slug: string; submissions: number; rowKept: boolean } | { ok: false; reason: string };

/**
 * Removes an imported or drafted problem (`npm run problem -- remove SLUG`, the teacher's button):
 * its package, tests and saved tests go, and it leaves every list and page and the judge at once.
 * Its submissions are kept, with their verdicts and sources: their problem's row stays, emptied of
 * its statements and marked REMOVED_HASH, whenever anything still names it (a submission, a
 * homework set, a contest); otherwise it goes too. The short name is free again for an import. A
 * built-in problem (problems/SLUG/) is not removed: the next start would bring it back.
 */
export function removeStoredProblem(db: Db, slug: string): Removal {
  if (isBuiltInSlug(slug)) return { ok: false, reason: `"${slug}" is a built-in problem (problems/${slug}/); only imported and drafted problems can be removed.` };
  return db.transaction((): Removal => {
    if (!prepared(db, 'SELECT 1 FROM stored_problems WHERE slug = ?').get(slug)) return { ok: false, reason: `There is no imported or drafted problem "${slug.slice(0, 64)}".` };
    const submissions = (prepared(db, 'SELECT COUNT(*) AS n FROM submissions WHERE problem = ?').get(slug) as { n: number }).n;
    prepared(db, 'DELETE FROM stored_problems WHERE slug = ?').run(slug);
    prepared(db, 'DELETE FROM tests WHERE problem = ?').run(slug);
    let rowKept = false;
    try {
      prepared(db, 'DELETE FROM problems WHERE slug = ?').run(slug);
    } catch (e) {
      // Still named by a submission, a set or a round (foreign keys): the row stays, hidden.
      if ((e as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw e;
      prepared(db, "UPDATE problems SET content_hash = ?, statement_en = '', statement_zh = '' WHERE slug = ?").run(REMOVED_HASH, slug);
      rowKept = true;
    }
    bumpVersion(db);
    return { ok: true, slug, submissions, rowKept };
  }).immediate();
}
