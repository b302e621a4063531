import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimNextProblemImport, finishProblemImport, getProblemImport, insertProblemImport, requeueInterruptedProblemImports } from '../../server/problem-store/import-jobs';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { removeDataDir } from '../helpers/server';

/** A database written by the schema before queued imports opens with this judge: its work kept, imports queueable. */
const dir = mkdtempSync(join(tmpdir(), 'sg-imports-migration-'));
afterAll(() => removeDataDir(dir));

describe('upgrading a database from before queued imports', () => {
  it('keeps the stored work, and an import is queued, claimed, recovered and finished once', () => {
    const file = join(dir, 'judge.db');
    const before = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE problem_imports'));
    expect(before).toBeGreaterThan(0);
    const old = openDatabase(file);
    migrate(old, MIGRATIONS.slice(0, before));
    old.prepare(
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'old-hash', 0)`,
    ).run();
    old.prepare("INSERT INTO submissions (problem, source, status, verdict, created_at, finished_at, client) VALUES ('nim', 'x', 'done', 'AC', 1, 2, '')").run();
    old.close();

    const db = openDatabase(file, { migrate: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT verdict FROM submissions').all()).toEqual([{ verdict: 'AC' }]);
    mkdirSync(join(dir, 'imports'));
    const id = insertProblemImport(db, { owner: null, client: 'local', fileName: 'sum.zip', zip: 'abc.zip', storeAs: 'my-sum', replace: true });
    expect(claimNextProblemImport(db)).toEqual({ id, attempts: 1 });
    // Left running by a killed process: back in the queue at the next start, its zip kept and an
    // upload the kill cut off removed.
    writeFileSync(join(dir, 'imports', 'abc.zip'), 'PK');
    writeFileSync(join(dir, 'imports', 'cut.part'), 'P');
    expect(requeueInterruptedProblemImports(db)).toBe(1);
    expect(readdirSync(join(dir, 'imports'))).toEqual(['abc.zip']);
    expect(getProblemImport(db, id)).toMatchObject({ status: 'queued', outcome: null, storeAs: 'my-sum', replace: true, fileName: 'sum.zip' });
    const final = { outcome: 'refused' as const, slug: null, rows: [], reasons: ['no'], notes: [] };
    expect(finishProblemImport(db, id, final)).toBe(true);
    // Finished once: a second final message changes nothing.
    expect(finishProblemImport(db, id, { ...final, reasons: ['other'] })).toBe(false);
    expect(getProblemImport(db, id)).toMatchObject({ status: 'done', outcome: 'refused', reasons: ['no'] });
    db.close();
  });
});
