import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { addUserTest, listUserTests, MAX_USER_TESTS, removeUserTest, saveImportedProblem } from '../../server/storage/problems';
import { claimNextSubmission, insertSubmission } from '../../server/storage/submissions';
import { PersonTurns } from '../../server/queue/person-turns';
import { queuedHeads } from '../../server/queue/queued-heads';
import { JOB_KINDS } from '../../server/queue/kinds/registry';
import { insertSampleRun } from '../../server/storage/sample-runs';
import type { JobKind } from '../../server/queue/protocol';
import { removeDataDir } from '../helpers/server';

/** Migration 3 on a database with data, the user-test caps under one transaction, and taking turns. */
const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach(removeDataDir);
});

function dbAt(version: number | null): Db {
  const dir = mkdtempSync(join(tmpdir(), 'sg-judge-db-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'judge.db'), { migrate: version === null });
  if (version !== null) migrate(db, MIGRATIONS.filter((m) => m.version <= version));
  dbs.push(db);
  return db;
}

const PROBLEM = {
  slug: 'demo',
  titleEn: 'Demo',
  titleZh: '演示',
  source: 'test',
  statementEn: 'en',
  statementZh: 'zh',
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  contentHash: 'h1',
};

describe('migration 3', () => {
  it('gives user tests already stored distinct stable ids, and old submissions an empty client', () => {
    const db = dbAt(2);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    const insert = db.prepare("INSERT INTO tests (problem, idx, kind, label, input, expected, created_at) VALUES ('demo', ?, 'user', 'u', ?, 'x\n', 0)");
    insert.run(2, 'a\n');
    insert.run(3, 'b\n');
    db.prepare("INSERT INTO submissions (problem, source, created_at) VALUES ('demo', 'x', 0)").run();
    migrate(db, MIGRATIONS);
    const ids = listUserTests(db, 'demo').map((t) => t.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^t[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(2);
    expect(db.prepare("SELECT public_id FROM tests WHERE kind <> 'user'").pluck().all()).toEqual([null]);
    expect(db.prepare('SELECT client FROM submissions').pluck().all()).toEqual(['']);
  });
});

describe('user tests in storage', () => {
  it('keep their ids across a re-import, which renumbers them', () => {
    const db = dbAt(null);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    const a = addUserTest(db, 'demo', 'a', 'a\n', 'A\n');
    expect(a).toMatchObject({ ok: true, idx: 2 });
    saveImportedProblem(db, { ...PROBLEM, contentHash: 'h2' }, [1, 2, 3].map((i) => ({ kind: 'random' as const, label: `r${i}`, input: `${i}\n`, expected: `${i}\n` })));
    const [t] = listUserTests(db, 'demo');
    expect(t).toMatchObject({ id: a.ok ? a.id : '', idx: 4 });
    expect(removeUserTest(db, 'demo', t!.id)).toBe(true);
    expect(removeUserTest(db, 'demo', t!.id)).toBe(false);
  });

  it(`stop at ${MAX_USER_TESTS} per problem`, () => {
    const db = dbAt(null);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    for (let i = 0; i < MAX_USER_TESTS; i++) expect(addUserTest(db, 'demo', 'u', `${i}\n`, 'x\n').ok).toBe(true);
    expect(addUserTest(db, 'demo', 'u', 'one more\n', 'x\n')).toEqual({ ok: false, reason: 'count', count: MAX_USER_TESTS });
  });
});

describe('taking turns in the queue', () => {
  it('serves each waiting client in turn, oldest first among clients not yet served', () => {
    const db = dbAt(null);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    for (let i = 0; i < 5; i++) insertSubmission(db, 'demo', `a${i}`, 'typescript', 'A');
    insertSubmission(db, 'demo', 'b0', 'typescript', 'B');
    insertSubmission(db, 'demo', 'b1', 'typescript', 'B');
    insertSubmission(db, 'demo', 'c0', 'typescript', 'C');
    const turns = new PersonTurns();
    const order: string[] = [];
    for (;;) {
      const head = turns.choose({ heads: queuedHeads(db), running: new Map(), runningCap: 1, longAllowed: true });
      if (!head) break;
      const kind = head.kind as JobKind;
      expect(JOB_KINDS[kind].claimId(db, head.id)).not.toBeNull();
      turns.served(head);
      const table = JOB_KINDS[kind].table;
      order.push((db.prepare(`SELECT source FROM ${table} WHERE id = ?`).get(head.id) as { source: string }).source);
    }
    expect(order).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('takes turns by person across kinds', () => {
    const db = dbAt(null);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    db.prepare("INSERT INTO accounts (id, name, role, password_hash, created_at) VALUES (1, 'ann', 'student', '-', 0), (2, 'bob', 'student', '-', 0)").run();
    for (let i = 0; i < 3; i++) insertSampleRun(db, 'demo', `s${i}`, 'typescript', 1);
    insertSubmission(db, 'demo', 'a0', 'typescript', 'account:1', 1);
    insertSubmission(db, 'demo', 'b0', 'typescript', 'account:2', 2);
    const turns = new PersonTurns();
    const order: string[] = [];
    for (;;) {
      const head = turns.choose({ heads: queuedHeads(db), running: new Map(), runningCap: 1, longAllowed: true });
      if (!head) break;
      JOB_KINDS[head.kind as JobKind].claimId(db, head.id);
      turns.served(head);
      order.push((db.prepare(`SELECT source FROM ${JOB_KINDS[head.kind as JobKind].table} WHERE id = ?`).get(head.id) as { source: string }).source);
    }
    // Person 1's sample runs go first in their own work, but person 2 has a turn after the first.
    expect(order).toEqual(['s0', 'b0', 's1', 's2', 'a0']);
  });

  it('claims oldest first without a chooser, as before', () => {
    const db = dbAt(null);
    saveImportedProblem(db, PROBLEM, [{ kind: 'random', label: 'r', input: '1\n', expected: '1\n' }]);
    insertSubmission(db, 'demo', 'a0', 'typescript', 'A');
    insertSubmission(db, 'demo', 'a1', 'typescript', 'A');
    insertSubmission(db, 'demo', 'b0', 'typescript', 'B');
    expect([claimNextSubmission(db), claimNextSubmission(db), claimNextSubmission(db)].map((c) => c?.source)).toEqual(['a0', 'a1', 'b0']);
  });
});
