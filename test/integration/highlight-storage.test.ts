import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoredHighlight, tooLongToHighlight } from '../../server/http/stored-highlight';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getSourceHtml, getSubmission } from '../../server/storage/submissions';

const dir = mkdtempSync(join(tmpdir(), 'sg-highlight-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const version = MIGRATIONS.find((m) => m.name.includes('highlighted source'))!.version;

describe(`storing a submission's highlighted source (migration ${version})`, () => {
  // Highlighting itself runs in a thread of the real server (web.test.ts, hostile.test.ts).
  it('opens a database of the previous version, keeps its submissions, and stores a page view\'s HTML', async () => {
    const db = openDatabase(join(dir, 'judge.db'));
    migrate(db, MIGRATIONS.filter((m) => m.version < version));
    db.prepare(`INSERT INTO problems VALUES ('p', 'P', 'P', 's', '', '', 1000, 256, 'h', 0)`).run();
    const old = (db.prepare("INSERT INTO submissions (problem, source, created_at) VALUES ('p', 'function f() { return 1; }', 0) RETURNING id").get() as { id: number }).id;
    const long = (db.prepare('INSERT INTO submissions (problem, source, created_at) VALUES (?, ?, 0) RETURNING id').get('p', `const ${'a'.repeat(8000)} = '<b>';`) as { id: number }).id;

    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(getSubmission(db, old)?.source).toBe('function f() { return 1; }');
    expect(getSourceHtml(db, old)).toBeNull();

    const highlight = new StoredHighlight(db);
    try {
      // A source highlight.js is slow on is stored plain (escaped), without asking the thread.
      expect(tooLongToHighlight(getSubmission(db, long)!.source)).toBe(true);
      const plain = await highlight.html(long, getSubmission(db, long)!.source, 'typescript');
      expect(plain).toBe(`const ${'a'.repeat(8000)} = &#x27;&lt;b&gt;&#x27;;`);
      expect(getSourceHtml(db, long)).toBe(plain);
    } finally {
      await highlight.close();
      db.close();
    }
  });
});
