import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getSubmission, insertSubmission, listSubmissionTests } from '../../server/storage/submissions';

/** A database from before C++ and Python keeps every row, test and index, and then takes the new ids. */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-test-languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stored language columns take every registry id (migration 50)', () => {
  it('opens a database of the version before with its submissions, their tests and the other tables, then stores cpp17 and pypy3', () => {
    const path = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.name.startsWith('C++ and Python'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.pragma('foreign_keys = OFF');
    old.prepare("INSERT INTO submissions (id, problem, source, language, created_at, client) VALUES (1, 'nim', 'console.log(1)', 'javascript', 1, '')").run();
    old.prepare("INSERT INTO submission_tests (submission_id, idx, verdict, time_ms, memory_kb, message) VALUES (1, 1, 'WA', 3, 4, 'differs')").run();
    old.prepare("INSERT INTO invocations (problem, source, input, language, created_at) VALUES ('nim', 's', '1', 'typescript', 1)").run();
    expect(() => old.prepare("INSERT INTO submissions (problem, source, language, created_at, client) VALUES ('nim', 'x', 'cpp17', 1, '')").run()).toThrow(/CHECK/);
    const indexesBefore = old.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('submissions', 'stress_runs', 'invocations', 'sample_runs', 'mistake_maps') ORDER BY name").all();
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    expect(getSubmission(db, 1)).toMatchObject({ id: 1, problem: 'nim', source: 'console.log(1)', language: 'javascript' });
    expect(listSubmissionTests(db, 1)).toMatchObject([{ verdict: 'WA', message: 'differs' }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM invocations').get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('submissions', 'stress_runs', 'invocations', 'sample_runs', 'mistake_maps') ORDER BY name").all()).toEqual(indexesBefore);
    db.pragma('foreign_keys = OFF');
    const id = insertSubmission(db, 'nim', 'int main(){}', 'cpp17');
    expect(getSubmission(db, id)).toMatchObject({ language: 'cpp17' });
    expect(() => db.prepare("INSERT INTO sample_runs (problem, source, language, created_at) VALUES ('nim', 'x', 'pypy3', 1)").run()).not.toThrow();
    expect(() => db.prepare("INSERT INTO submissions (problem, source, language, created_at, client) VALUES ('nim', 'x', 'cobol', 1, '')").run()).toThrow(/CHECK/);
    // The tests still reference the submission: deleting it takes them (ON DELETE CASCADE kept).
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM submissions WHERE id = 1').run();
    expect(listSubmissionTests(db, 1)).toEqual([]);
    db.close();
  });
});

describe('stored language columns take c11 (migration 53)', () => {
  it('opens a database of the version before with a C++ submission and a mistake map, then stores C', () => {
    const path = join(dir, 'judge-c.db');
    const at = MIGRATIONS.findIndex((m) => m.name.startsWith('C: every stored language column'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.pragma('foreign_keys = OFF');
    old.prepare("INSERT INTO submissions (id, problem, source, language, created_at, client) VALUES (1, 'nim', 'int main(){}', 'cpp17', 1, '')").run();
    old.prepare("INSERT INTO mistake_maps (id, problem, source, language, status, got, truth, disagree, stopped, created_at) VALUES (1, 'ed', 's', 'python3', 'done', 'W', 'W', 0, 1, 1)").run();
    expect(() => old.prepare("INSERT INTO submissions (problem, source, language, created_at, client) VALUES ('nim', 'x', 'c11', 1, '')").run()).toThrow(/CHECK/);
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    db.pragma('foreign_keys = OFF');
    expect(getSubmission(db, 1)).toMatchObject({ language: 'cpp17', source: 'int main(){}' });
    expect(db.prepare('SELECT language, stopped FROM mistake_maps WHERE id = 1').get()).toEqual({ language: 'python3', stopped: 1 });
    const id = insertSubmission(db, 'nim', 'int main(void){return 0;}', 'c11');
    expect(getSubmission(db, id)).toMatchObject({ language: 'c11' });
    for (const table of ['stress_runs', 'invocations', 'sample_runs', 'mistake_maps']) {
      expect(db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table), table).toContain("'c11'");
    }
    db.close();
  });
});
