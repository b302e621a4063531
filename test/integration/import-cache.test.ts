import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { packageHash } from '../../server/import/import';
import { openDatabase, type Db } from '../../server/storage/db';
import { addUserTest, listTests } from '../../server/storage/problems';
import { removeDataDir, ROOT } from '../helpers/server';

/**
 * A problem package built once is not built again for the next data directory: its build is kept
 * under the package's hash, and used only for exactly that hash and when no user test needs an answer.
 */
const dirs: string[] = [];
const dbs: Db[] = [];
afterAll(() => {
  dbs.forEach((db) => db.close());
  dirs.forEach(removeDataDir);
});
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
function freshDb(): Db {
  const db = openDatabase(join(temp('sg-import-cache-db-'), 'judge.db'), { migrate: true });
  dbs.push(db);
  return db;
}
/** The real importer, in a process of its own (see test/helpers/import-into.ts). */
function importInto(db: Db, cache: string, slug: string): { imported: string[] } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/helpers/import-into.ts', db.name, cache, slug], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { imported: string[] };
}

describe('built problem packages kept between data directories', () => {
  const cache = temp('sg-import-cache-');
  const slug = 'bash-game';
  const file = join(cache, `${slug}.json`);
  const expectedOf = (db: Db) => listTests(db, slug).map((t) => t.expected);

  it('keeps a build under its package hash, and a new data directory gets the same tests from it', () => {
    const first = freshDb();
    const report = importInto(first, cache, slug);
    expect(report.imported).toEqual([slug]);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { hash: string; reply: { tests: { expected: string }[] } };
    expect(kept.hash).toBe(packageHash(slug));
    expect(kept.reply.tests.map((t) => t.expected)).toEqual(expectedOf(first));

    // Marked, to tell the kept build from a new one.
    kept.reply.tests[0]!.expected = 'from the kept build\n';
    writeFileSync(file, JSON.stringify(kept));
    const second = freshDb();
    importInto(second, cache, slug);
    expect(expectedOf(second)[0]).toBe('from the kept build\n');
  });

  it('builds again for another hash, or for a file that is not a build, and keeps the new build', () => {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { hash: string };
    for (const stale of [JSON.stringify({ ...kept, hash: '0'.repeat(64) }), '{', JSON.stringify({ hash: packageHash(slug), reply: { slug, ok: true } })]) {
      writeFileSync(file, stale);
      const db = freshDb();
      importInto(db, cache, slug);
      expect(expectedOf(db)[0]).not.toBe('from the kept build\n');
      expect((JSON.parse(readFileSync(file, 'utf8')) as { hash: string }).hash).toBe(packageHash(slug));
    }
  });

  it('builds again when the data directory has user tests to answer', () => {
    const db = freshDb();
    importInto(db, cache, slug);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { reply: { tests: { expected: string }[] } };
    kept.reply.tests[0]!.expected = 'from the kept build\n';
    writeFileSync(file, JSON.stringify(kept));
    // A user test, then a change that makes the stored hash differ: the import must answer the user test.
    addUserTest(db, slug, 'mine', listTests(db, slug)[0]!.input, 'whatever');
    db.prepare('UPDATE problems SET content_hash = ? WHERE slug = ?').run('old', slug);
    importInto(db, cache, slug);
    expect(expectedOf(db)[0]).not.toBe('from the kept build\n');
  });
});
