import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { listSubmissionTests, saveTestResult } from '../../server/storage/submissions';

/** A database from before failing tests kept a package's judgemessage.txt opens with its tests as they were, and keeps one from then on. */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-message-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration "package feedback: a failing test keeps its judgemessage.txt"', () => {
  it('opens a database of the version before, its test rows without a judge message, and stores one after', () => {
    const path = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('judge_message'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.pragma('foreign_keys = OFF');
    old.prepare("INSERT INTO submissions (id, problem, source, language, created_at, client) VALUES (1, 'nim', 'x', 'python3', 1, '')").run();
    old.prepare("INSERT INTO submission_tests (submission_id, idx, verdict, time_ms, memory_kb, message) VALUES (1, 1, 'WA', 1, 1, 'that is not the number')").run();
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    db.pragma('foreign_keys = OFF');
    expect(listSubmissionTests(db, 1)[0]).toMatchObject({ verdict: 'WA', message: 'that is not the number', judgeMessage: null });
    saveTestResult(db, 1, { idx: 2, verdict: 'WA', timeMs: 1, memoryKb: 1, exitCode: null, message: 'that is not the number', judgeMessage: 'answered 8, but the number was 7' });
    expect(listSubmissionTests(db, 1)[1]).toMatchObject({ message: 'that is not the number', judgeMessage: 'answered 8, but the number was 7' });
    db.close();
  });
});
