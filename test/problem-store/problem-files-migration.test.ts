import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listKeptFiles, readKeptFile, saveKeptFiles } from '../../server/problem-store/kept-files';
import { removeStoredProblem } from '../../server/problem-store/remove';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { removeDataDir } from '../helpers/server';

/**
 * Migration 52: a stored problem's PDF statement and attachments in a table of their own. A
 * database of the version before opens with its stored problems intact and no files; files saved
 * afterwards are listed without their bytes, read one at a time, and go with the problem.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-problem-files-migration-'));
afterAll(() => removeDataDir(dir));

describe('migration 52: stored problem files', () => {
  it('opens data of the version before; files are listed, read, replaced and removed with the problem', () => {
    const file = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.version === 52);
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(file);
    migrate(old, MIGRATIONS.slice(0, at));
    old.prepare(
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES ('paper', 'Paper', 'Paper', '', 'x', 'x', 1000, 256, 'stored:old', 0)`,
    ).run();
    old.prepare("INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES ('paper', NULL, 1, '{\"format\":1}', NULL, 0)").run();
    old.close();

    const db = openDatabase(file, { migrate: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(listKeptFiles(db, 'paper')).toEqual([]);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    saveKeptFiles(db, 'paper', [
      { kind: 'statement', name: 'problem.en.pdf', lang: 'en', mediaType: 'application/pdf', size: pdf.length, data: pdf },
      { kind: 'attachment', name: 'notes.txt', lang: null, mediaType: 'text/plain; charset=utf-8', size: 3, data: Buffer.from('hi\n') },
    ]);
    expect(listKeptFiles(db, 'paper')).toEqual([
      { kind: 'statement', name: 'problem.en.pdf', lang: 'en', mediaType: 'application/pdf', size: pdf.length },
      { kind: 'attachment', name: 'notes.txt', lang: null, mediaType: 'text/plain; charset=utf-8', size: 3 },
    ]);
    expect(readKeptFile(db, 'paper', 'statement', 'problem.en.pdf')!.data.equals(pdf)).toBe(true);
    expect(readKeptFile(db, 'paper', 'attachment', 'problem.en.pdf')).toBeUndefined();
    // A new version keeps only its own files.
    saveKeptFiles(db, 'paper', []);
    expect(listKeptFiles(db, 'paper')).toEqual([]);
    saveKeptFiles(db, 'paper', [{ kind: 'attachment', name: 'a.txt', lang: null, mediaType: 'text/plain; charset=utf-8', size: 1, data: Buffer.from('a') }]);
    expect(removeStoredProblem(db, 'paper').ok).toBe(true);
    expect(db.prepare('SELECT COUNT(*) AS n FROM stored_problem_files').get()).toEqual({ n: 0 });
    db.close();
  });
});
