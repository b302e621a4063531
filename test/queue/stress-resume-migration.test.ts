import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { JOB_KINDS } from '../../server/queue/kinds/registry';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getStressRun, requeueInterruptedStressRuns } from '../../server/storage/stress-runs';

/**
 * A database written before stress runs could yield their thread opens, migrates, and its stress
 * runs start from case 0; one that yielded resumes where it stopped, also after a crash.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-stress-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('migrates a database of the schema before resume points, and keeps a yielded run’s progress through a requeue and a restart', () => {
  const path = join(dir, 'judge.db');
  const before = MIGRATIONS.findIndex((m) => m.sql.includes('resume_at'));
  expect(before).toBeGreaterThan(0);
  const old = openDatabase(path);
  migrate(old, MIGRATIONS.slice(0, before));
  old.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)").run();
  old.prepare("INSERT INTO stress_runs (id, problem, source, cases, size, seed, status, cases_run, created_at) VALUES (3, 'nim', 'old code', 100, 'small', 1, 'running', 40, 1)").run();
  old.close();

  const db = openDatabase(path, { migrate: true });
  expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
  // Interrupted before the upgrade: nothing says which cases passed, so it starts again at 0.
  expect(requeueInterruptedStressRuns(db)).toBe(1);
  expect(getStressRun(db, 3)).toMatchObject({ status: 'queued', casesRun: 0, resumeAt: 0, usedMs: 0 });
  // Its sender is unknown (migration 17): one person with every other old row, for turns and caps.
  expect(db.prepare('SELECT client FROM stress_runs WHERE id = 3').get()).toEqual({ client: '' });

  expect(JOB_KINDS.stress.claimId(db, 3)).toEqual({ id: 3, attempts: 1 });
  JOB_KINDS.stress.yielded!(db, 3, { resumeAt: 64, usedMs: 1234 });
  expect(getStressRun(db, 3)).toMatchObject({ status: 'queued', casesRun: 64, resumeAt: 64, usedMs: 1234 });
  // Claimed again: it shows the cases it has already passed, and a crash puts it back there.
  expect(JOB_KINDS.stress.claimId(db, 3)).toEqual({ id: 3, attempts: 2 });
  expect(getStressRun(db, 3)).toMatchObject({ status: 'running', casesRun: 64 });
  expect(requeueInterruptedStressRuns(db)).toBe(1);
  expect(getStressRun(db, 3)).toMatchObject({ status: 'queued', casesRun: 64, resumeAt: 64 });
  db.close();
});
