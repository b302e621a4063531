import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { claimNextSampleRun, finishSampleRun, getSampleRun, insertSampleRun, requeueInterruptedSampleRuns } from '../../server/storage/sample-runs';
import { getSubmission } from '../../server/storage/submissions';

const dir = mkdtempSync(join(tmpdir(), 'sg-sample-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAMPLE_RUNS = MIGRATIONS.find((m) => m.name === 'sample runs')!.version;

describe('sample runs in the database (their migration)', () => {
  it('opens a database of the previous version, keeps its submissions and adds the sample runs beside them', () => {
    const db = openDatabase(join(dir, 'judge.db'));
    migrate(db, MIGRATIONS.filter((m) => m.version < SAMPLE_RUNS));
    db.prepare(`INSERT INTO problems VALUES ('p', 'P', 'P', 's', '', '', 1000, 256, 'h', 0)`).run();
    const old = (db.prepare("INSERT INTO submissions (problem, source, created_at, language) VALUES ('p', 'src', 0, 'javascript') RETURNING id").get() as { id: number }).id;
    expect(() => db.prepare('SELECT 1 FROM sample_runs').all()).toThrow();

    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(getSubmission(db, old)).toMatchObject({ source: 'src', language: 'javascript' });

    const id = insertSampleRun(db, 'p', 'console.log(1)', 'javascript');
    expect(getSampleRun(db, id)).toMatchObject({ status: 'queued', verdict: null, samples: [], language: 'javascript', owner: null });
    expect(claimNextSampleRun(db)).toEqual({ id, attempts: 1 });
    expect(requeueInterruptedSampleRuns(db)).toBe(1);
    expect(claimNextSampleRun(db)).toEqual({ id, attempts: 2 });
    const sample = { index: 1, verdict: 'WA' as const, input: '1\n', expected: '2\n', output: '1\n', message: 'wrong answer', timeMs: 3 };
    finishSampleRun(db, id, { verdict: 'WA', samples: [sample], compileOutput: null });
    expect(getSampleRun(db, id)).toMatchObject({ status: 'done', verdict: 'WA', samples: [sample] });
    // In accounts mode a run belongs to the person who started it.
    const ann = (db.prepare("INSERT INTO accounts (name, role, password_hash, created_at) VALUES ('ann', 'student', 'x', 0) RETURNING id").get() as { id: number }).id;
    expect(getSampleRun(db, insertSampleRun(db, 'p', 'console.log(2)', 'typescript', ann))).toMatchObject({ owner: ann, status: 'queued' });
    // A sample run is never a submission.
    expect((db.prepare('SELECT COUNT(*) AS n FROM submissions').get() as { n: number }).n).toBe(1);
    db.close();
  });
});
