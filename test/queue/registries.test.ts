import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { JOB_KINDS } from '../../server/queue/kinds/registry';
import { recoverInterruptedWork } from '../../server/queue/recover';
import { adoptLocalWork } from '../../server/queue/adopt-local-work';
import { openDatabase } from '../../server/storage/db';
import { insertInvocation } from '../../server/storage/invocations';
import { insertLabJob } from '../../server/storage/lab-jobs';
import { insertMistakeMap } from '../../server/storage/mistake-maps';
import { insertProblemDraft } from '../../server/problem-drafts/store';
import { insertProblemImport } from '../../server/problem-store/import-jobs';
import { insertSampleRun } from '../../server/storage/sample-runs';
import { insertStressRun } from '../../server/storage/stress-runs';
import { insertSubmission } from '../../server/storage/submissions';

/**
 * Adoption of local work and start-up recovery loop over the job-kind registry: a row of every kind
 * is adopted and recovered (a hand-kept list once missed sample runs), and a kind's table missing
 * from either would leave one of these rows behind.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-registries-'));
const db = openDatabase(join(dir, 'judge.db'), { migrate: true });
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

db.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)").run();
const made = {
  submission: insertSubmission(db, 'nim', 'x'),
  'sample-run': insertSampleRun(db, 'nim', 'x', 'typescript'),
  invocation: insertInvocation(db, 'nim', 'x', '1\n1\n'),
  stress: insertStressRun(db, { problem: 'nim', source: 'x', cases: 5, size: 'small', seed: 1 }),
  lab: insertLabJob(db, { game: { kind: 'nim' }, to: 3 }),
  'mistake-map': insertMistakeMap(db, { problem: 'nim', source: 'x', language: 'typescript', submission: null, owner: null, requester: '' }),
  rejudge: rejudgeItemOf(),
  'problem-draft': insertProblemDraft(db, { slug: 'echo', owner: null, client: '', stored: { draft: null, unanswered: [] } }),
  'problem-import': insertProblemImport(db, { owner: null, client: '', fileName: null, zip: 'x.zip', storeAs: null, replace: false }),
};

/** A rejudge's item (of the submission above; its rejudge row is not needed to claim or recover it). */
function rejudgeItemOf(): number {
  return (db.prepare("INSERT INTO rejudge_items (rejudge, submission, problem, source, language, created_at) VALUES (1, 1, 'nim', 'x', 'typescript', 0) RETURNING id").get() as { id: number }).id;
}

it('has a row of every registered kind in this test', () => {
  expect(Object.keys(made).sort()).toEqual(Object.keys(JOB_KINDS).sort());
});

it('gives every kind of local work to the first teacher', () => {
  db.prepare("INSERT INTO accounts (id, name, role, password_hash, created_at) VALUES (9, 'tess', 'teacher', '-', 0)").run();
  expect(adoptLocalWork(db)).toBe(Object.keys(JOB_KINDS).length);
  for (const k of Object.values(JOB_KINDS)) {
    expect(db.prepare(`SELECT owner FROM ${k.table}`).all(), k.table).toEqual([{ owner: 9 }]);
  }
});

it('recovers interrupted work of every kind at start-up, each by its own rule', () => {
  for (const [kind, id] of Object.entries(made)) expect(JOB_KINDS[kind as keyof typeof made].claimId(db, id), kind).not.toBeNull();
  const lines = recoverInterruptedWork(db);
  expect(lines).toHaveLength(Object.keys(JOB_KINDS).length);
  for (const k of Object.values(JOB_KINDS)) {
    const row = db.prepare(`SELECT status FROM ${k.table}`).get() as { status: string };
    // A lab table half computed fails with a sentence; every other kind goes back to the queue.
    expect(row.status, k.table).toBe(k.kind === 'lab' ? 'failed' : 'queued');
  }
  expect(lines).toContain('put 1 submission(s) interrupted by the last shutdown back in the queue');
});
