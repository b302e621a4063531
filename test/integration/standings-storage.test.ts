import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VERDICT_TABLE, type Verdict } from '../../server/judge/verdicts';
import { setWindow } from '../../server/rules/window';
import { openDatabase, type Db } from '../../server/storage/db';
import { problemStatus } from '../../server/storage/problems';
import { forgetStandings, noteJudged, standings } from '../../server/storage/standings';
import { removeDataDir } from '../helpers/server';

/**
 * The storage side of standings on a real SQLite file: one rule for what a try is (the verdict
 * table's `countsAsTry`, read by the standings and the problem list alike), the kept tries refreshed
 * by the done hook only, and a set's window (counted from its opening, late after its close).
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-standings-'));
const db: Db = openDatabase(join(dir, 'judge.db'), { migrate: true });

afterAll(() => {
  db.close();
  removeDataDir(dir);
});

db.prepare(
  `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
   VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)`,
).run();
let people = 0;
function student(): number {
  const name = `s${++people}`;
  return (db.prepare("INSERT INTO accounts (name, display_name, role, password_hash, created_at) VALUES (?, ?, 'student', 'x', 0) RETURNING id").get(name, name.toUpperCase()) as { id: number }).id;
}
function judged(owner: number, verdict: Verdict, at: number): number {
  return (
    db
      .prepare("INSERT INTO submissions (problem, source, status, verdict, created_at, finished_at, owner) VALUES ('nim', '', 'done', ?, ?, ?, ?) RETURNING id")
      .get(verdict, at, at, owner) as { id: number }
  ).id;
}
const cellOf = (owner: number, window?: ReturnType<typeof setWindow>) => standings(db, ['nim'], { only: owner, window })[0]!.cells[0]!;

describe('what a try is', () => {
  it('is the verdict table\'s countsAsTry, for the standings and the problem list alike', () => {
    expect(VERDICT_TABLE.filter((r) => !r.countsAsTry).map((r) => r.code)).toEqual(['CE', 'IE']);
    for (const row of VERDICT_TABLE.filter((r) => r.code !== 'AC')) {
      const owner = student();
      judged(owner, row.code, 1000);
      forgetStandings(db);
      const cell = cellOf(owner);
      expect(cell.state, row.code).toBe(row.countsAsTry ? 'tried' : 'none');
      expect(cell.tries, row.code).toBe(row.countsAsTry ? 1 : 0);
      expect(problemStatus(db, 'nim', owner), row.code).toBe(row.countsAsTry ? 'tried' : null);
    }
  });

  it('counts rejected tries before the first Accepted, and none after it', () => {
    const owner = student();
    judged(owner, 'WA', 1000);
    judged(owner, 'CE', 2000);
    judged(owner, 'TLE', 3000);
    judged(owner, 'AC', 4000);
    judged(owner, 'WA', 5000);
    forgetStandings(db);
    expect(cellOf(owner)).toEqual({ problem: 'nim', state: 'solved', tries: 2, firstAcAt: 4000 });
    expect(standings(db, ['nim'], { only: owner })[0]).toMatchObject({ name: `s${people}`, displayName: `S${people}`, solved: 1 });
  });
});

describe('the kept tries', () => {
  it('change only when the done hook names the submission', () => {
    const owner = student();
    forgetStandings(db);
    expect(cellOf(owner).state).toBe('none');
    const id = judged(owner, 'AC', 1000);
    // Stored (as a judge thread would) but not announced yet: the view stays as it was read.
    expect(cellOf(owner).state).toBe('none');
    noteJudged(db, id);
    expect(cellOf(owner).state).toBe('solved');
  });
});

describe("a set's window", () => {
  it('counts from the opening time, marks a solve after the close late, and measures minutes from the start', () => {
    const owner = student();
    judged(owner, 'AC', 1_000);
    judged(owner, 'WA', 200_000);
    judged(owner, 'AC', 400_000);
    forgetStandings(db);
    const set = { opensAt: 100_000, closesAt: 300_000, createdAt: 0 };
    expect(setWindow(set, 50_000).phase).toBe('before');
    expect(setWindow(set, 200_000).phase).toBe('running');
    expect(setWindow(set, 300_001).phase).toBe('over');
    const window = setWindow(set, 500_000);
    expect(cellOf(owner, window)).toEqual({ problem: 'nim', state: 'solved', tries: 1, firstAcAt: 400_000, late: true, minutes: 5 });
    expect(standings(db, ['nim'], { only: owner, window })[0]).toMatchObject({ solved: 1, onTime: 0, late: 1 });
    // Without an opening time everything counts: the first solve, on time, at minute 0 of the set.
    const open = setWindow({ opensAt: null, closesAt: 300_000, createdAt: 60_000 }, 500_000);
    expect(cellOf(owner, open)).toEqual({ problem: 'nim', state: 'solved', tries: 0, firstAcAt: 1_000, late: false, minutes: 0 });
  });
});
