import type { CaseLayout } from '../problems/case-layout';
import { prepared, type Db } from '../storage/db';
import { storedProblemsVersion } from './store';

/**
 * The case layouts of stored problems (a published lab draft declares one), kept in memory per
 * database and read again only when the stored problems change: a page asks one single-row read
 * (the version), never a scan of the stored packages.
 */
const cache = new WeakMap<Db, { version: number; layouts: Map<string, CaseLayout> }>();

export function storedCaseLayout(db: Db, slug: string): CaseLayout | undefined {
  const version = storedProblemsVersion(db);
  let entry = cache.get(db);
  if (!entry || entry.version !== version) {
    const rows = prepared(db, "SELECT slug, json_extract(package, '$.caseLayout') AS layout FROM stored_problems WHERE json_extract(package, '$.caseLayout') IS NOT NULL").all() as {
      slug: string;
      layout: string;
    }[];
    entry = { version, layouts: new Map(rows.map((r) => [r.slug, JSON.parse(r.layout) as CaseLayout])) };
    cache.set(db, entry);
  }
  return entry.layouts.get(slug);
}
