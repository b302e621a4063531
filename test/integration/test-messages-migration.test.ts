import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { listSubmissionTests, saveTestResult } from '../../server/storage/submissions';
import { english, said } from '../../server/text/messages';

/** A database from before test messages had an id opens, keeps its tests' English, and stores ids from then on. */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-test-said-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('test and invocation messages by message id (migration "test and invocation messages by message id")', () => {
  it('opens a database written by the previous schema and keeps its test messages as stored', () => {
    const path = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('message_said'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.pragma('foreign_keys = OFF');
    old.prepare("INSERT INTO submissions (id, problem, source, language, created_at, client) VALUES (1, 'nim', 'x', 'typescript', 1, '')").run();
    old.prepare("INSERT INTO submission_tests (submission_id, idx, verdict, time_ms, memory_kb, message) VALUES (1, 1, 'WA', 1, 1, 'token 1 differs: expected \"First\", found \"No\"')").run();
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    db.pragma('foreign_keys = OFF');
    // An old row has no id: a Chinese page shows its English as stored, nothing parses it back.
    expect(listSubmissionTests(db, 1)[0]).toMatchObject({ message: 'token 1 differs: expected "First", found "No"', messageSaid: null });
    const s = said('sandbox.tle-stopped', 1000);
    saveTestResult(db, 1, { idx: 2, verdict: 'TLE', timeMs: 1000, memoryKb: 1, exitCode: null, message: english(s), said: s });
    expect(listSubmissionTests(db, 1)[1]).toMatchObject({ message: english(s), messageSaid: s });
    db.close();
  });
});
