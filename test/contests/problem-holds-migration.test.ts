import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getContest } from '../../server/storage/contests';
import { holdOf, holdProblem, listHolds, releaseProblem } from '../../server/storage/problem-holds';

/** A database of the schema before contest-only problems opens, keeps its rounds, and holds problems from then on. */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-holds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('contest-only problems (migration "contest-only problems")', () => {
  it('opens a database written by the previous schema, keeps its round, and holds a problem for it', () => {
    const path = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('problem_holds'));
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(path);
    migrate(old, MIGRATIONS.slice(0, at));
    old.prepare(`INSERT INTO contests (id, name, problems, starts_at, minutes, rules, freeze_minutes, tools, participants, created_at)
      VALUES (7, 'Cup', '["nim"]', 1000, 60, 'icpc', 0, '{"stress":true,"lab":true,"hints":true}', NULL, 1)`).run();
    old.close();

    const db = openDatabase(path);
    migrate(db, MIGRATIONS);
    expect(getContest(db, 7)).toMatchObject({ name: 'Cup', problems: ['nim'] });
    // Nothing was held before: every problem stays everyone's.
    expect(listHolds(db)).toEqual([]);
    holdProblem(db, 'nim', 7);
    expect(holdOf(db, 'nim')).toEqual({ problem: 'nim', contest: 7 });
    expect(releaseProblem(db, 'nim')).toBe(true);
    expect(releaseProblem(db, 'nim')).toBe(false);
    // A round removed takes its holds with it.
    holdProblem(db, 'nim', 7);
    db.prepare('DELETE FROM contests WHERE id = 7').run();
    expect(listHolds(db)).toEqual([]);
    db.close();
  });
});
