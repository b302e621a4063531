import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion, type Db } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { listTests, saveImportedProblem, type NewTest } from '../../server/storage/problems';
import {
  claimNextSubmission,
  getSubmission,
  insertSubmission,
  listSubmissionTests,
  requeueInterrupted,
  saveFailureTexts,
  saveTestResult,
} from '../../server/storage/submissions';
import { removeDataDir } from '../helpers/server';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach(removeDataDir);
});

function freshDb(): { db: Db; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sg-judge-db-'));
  dirs.push(dir);
  const path = join(dir, 'judge.db');
  const db = openDatabase(path, { migrate: true });
  dbs.push(db);
  return { db, path };
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

function tests(n: number, tag: string): NewTest[] {
  return Array.from({ length: n }, (_, i) => ({ kind: 'random', label: `random ${i + 1}`, input: `${tag} in ${i}\n`, expected: `${tag} out ${i}\n` }));
}

describe('storage', () => {
  it('migrates a new database to the latest version, in WAL mode with foreign keys, and reopens without migrating', () => {
    const { db, path } = freshDb();
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const lines: string[] = [];
    const again = openDatabase(path, { migrate: true, log: (l) => lines.push(l) });
    dbs.push(again);
    expect(lines).toEqual([]);
    expect(() => insertSubmission(db, 'no-such-problem', 'x')).toThrow(/FOREIGN KEY/);
  });

  it('re-import replaces generated tests and keeps user tests after them, in order', () => {
    const { db } = freshDb();
    saveImportedProblem(db, PROBLEM, tests(3, 'v1'));
    const add = db.prepare("INSERT INTO tests (problem, idx, kind, label, input, expected) VALUES ('demo', ?, 'user', ?, ?, ?)");
    add.run(4, 'user 1', 'u1\n', 'a1\n');
    add.run(5, 'user 2', 'u2\n', 'a2\n');
    saveImportedProblem(db, { ...PROBLEM, contentHash: 'h2' }, tests(5, 'v2'));
    const stored = listTests(db, 'demo');
    expect(stored.map((t) => [t.idx, t.kind, t.input])).toEqual([
      [1, 'random', 'v2 in 0\n'],
      [2, 'random', 'v2 in 1\n'],
      [3, 'random', 'v2 in 2\n'],
      [4, 'random', 'v2 in 3\n'],
      [5, 'random', 'v2 in 4\n'],
      [6, 'user', 'u1\n'],
      [7, 'user', 'u2\n'],
    ]);
  });

  it('claims the oldest queued submission once, and puts interrupted ones back without their partial results', () => {
    const { db } = freshDb();
    saveImportedProblem(db, PROBLEM, tests(2, 'v1'));
    const a = insertSubmission(db, 'demo', 'a');
    const b = insertSubmission(db, 'demo', 'b');
    expect(claimNextSubmission(db)).toMatchObject({ id: a, attempts: 1 });
    expect(claimNextSubmission(db)).toMatchObject({ id: b, attempts: 1 });
    expect(claimNextSubmission(db)).toBeUndefined();
    saveTestResult(db, a, { idx: 1, verdict: 'AC', timeMs: 5, memoryKb: 100, exitCode: 0, message: null });
    saveFailureTexts(db, a, [{ kind: 'output', content: 'x', length: 1, cut: false }]);
    expect(requeueInterrupted(db)).toBe(2);
    expect(getSubmission(db, a)).toMatchObject({ status: 'queued', verdict: null, attempts: 1 });
    expect(listSubmissionTests(db, a)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM failure_texts').get()).toEqual({ n: 0 });
    expect(claimNextSubmission(db)).toMatchObject({ id: a, attempts: 2 });
  });
});
