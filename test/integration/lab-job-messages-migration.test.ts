import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { finishLabJob, getLabJob, insertLabJob } from '../../server/storage/lab-jobs';
import { said } from '../../server/text/messages';

/** A database of the schema before lab job errors had a message id opens, keeps its failed job, and stores ids from then on. */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-lab-said-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lab job errors by message id (migration "lab job errors by message id")', () => {
  it('opens a database written by the previous schema and keeps its jobs', () => {
    const path = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('error_said'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.prepare("INSERT INTO lab_jobs (id, request, status, error, created_at, client) VALUES (5, '{}', 'failed', 'The code printed more than the output limit.', 1, '')").run();
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    // An old job's error has no id: pages show its sentence as it is.
    expect(getLabJob(db, 5)).toMatchObject({ status: 'failed', error: 'The code printed more than the output limit.', errorSaid: null });
    const id = insertLabJob(db, { game: { kind: 'octal', code: '0.07' } });
    const s = said('lab.memory-limit', 256);
    finishLabJob(db, id, { result: null, error: 'The computation ran over the lab\'s memory limit (256 MiB); choose a smaller range.', errorSaid: s });
    expect(getLabJob(db, id)).toMatchObject({ status: 'failed', errorSaid: s });
    db.close();
  });
});
