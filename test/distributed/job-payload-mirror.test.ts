import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mirrorJob, snapshotJob } from '../../server/distributed/job-payload';
import { openDatabase } from '../../server/storage/db';
import { insertSubmission } from '../../server/storage/submissions';

/**
 * Two jobs of one problem, from two students, copied to one worker before either is judged: each
 * student's own saved tests must still be on the worker when their job is judged (issue 39: the
 * second copy deleted every user test of the problem, the first student's included).
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-payload-'));
const web = openDatabase(join(dir, 'web.db'), { migrate: true });
const worker = openDatabase(join(dir, 'worker.db'), { migrate: true });
afterAll(() => {
  web.close();
  worker.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps a student their own saved tests when another student’s job of the same problem is copied at the same time', () => {
  for (const db of [web, worker]) {
    db.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)").run();
  }
  web.prepare("INSERT INTO accounts (id, name, role, password_hash, created_at) VALUES (1, 'ann', 'student', '-', 0), (2, 'bob', 'student', '-', 0)").run();
  const test = web.prepare("INSERT INTO tests (problem, idx, kind, label, input, expected, owner) VALUES ('nim', ?, 'user', ?, '1\n1\n', 'Yes\n', ?)");
  test.run(1, 'shared', null);
  test.run(2, "ann's own", 1);
  test.run(3, "bob's own", 2);
  const ann = insertSubmission(web, 'nim', 'a', 'typescript', 'account:1', 1);
  const bob = insertSubmission(web, 'nim', 'b', 'typescript', 'account:2', 2);

  // Both snapshots are taken, then both copied, before ann's job is judged.
  const annPayload = snapshotJob(web, 'submission', ann)!;
  const bobPayload = snapshotJob(web, 'submission', bob)!;
  mirrorJob(worker, annPayload);
  mirrorJob(worker, bobPayload);

  // What ann's judge reads on the worker: shared tests and her own.
  const seenBy = (owner: number) =>
    (worker.prepare("SELECT label FROM tests WHERE problem = 'nim' AND kind = 'user' AND (owner IS NULL OR owner = ?) ORDER BY idx").all(owner) as { label: string }[]).map((r) => r.label);
  expect(seenBy(1)).toEqual(['shared', "ann's own"]);
  expect(seenBy(2)).toEqual(['shared', "bob's own"]);
});
