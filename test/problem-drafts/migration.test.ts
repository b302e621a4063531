import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { claimNextProblemDraft, getProblemDraft, insertProblemDraft, requeueInterruptedProblemDrafts } from '../../server/problem-drafts/store';
import { removeDataDir } from '../helpers/server';

/** A database written by the schema before problem drafts opens with this judge: its work kept, drafts storable. */
const dir = mkdtempSync(join(tmpdir(), 'sg-drafts-migration-'));
afterAll(() => removeDataDir(dir));

describe('upgrading a database from before problem drafts', () => {
  it('keeps the stored work and takes drafts afterwards', () => {
    const file = join(dir, 'judge.db');
    const before = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE problem_drafts'));
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
    const id = insertProblemDraft(db, { slug: 'echo', owner: null, client: 'local', stored: { draft: null, unanswered: [] } });
    expect(claimNextProblemDraft(db)).toEqual({ id, attempts: 1 });
    // A draft left running by a killed process is checked again at the next start.
    expect(requeueInterruptedProblemDrafts(db)).toBe(1);
    expect(getProblemDraft(db, id)).toMatchObject({ slug: 'echo', status: 'queued', outcome: null, publishedAt: null });
    db.close();
  });
});
