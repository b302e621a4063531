import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { insertSubmission } from '../../server/storage/submissions';
import { csvField } from '../../server/http/contest-routes';
import { endContestNow, getContest, insertContest, realAttempts, realPeople, startVirtual, virtualEntry, type ContestInput } from '../../server/storage/contests';
import { computeBoard } from '../../server/contests/board';
import { roundWindow, virtualWindow } from '../../server/rules/window';

const dir = mkdtempSync(join(tmpdir(), 'sg-judge-contests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MIN = 60_000;
const round = (startsAt: number, minutes: number): ContestInput => ({
  name: 'Round 1',
  problems: ['nim'],
  startsAt,
  minutes,
  rules: 'icpc',
  freezeMinutes: 0,
  tools: { stress: true, lab: true, hints: true },
  participants: null,
});

describe('contest storage', () => {
  it('neutralises CSV cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+SUM(A1)', '-2', '@x', 'plain, text', 3].map(csvField)).toEqual(["'=1+1", "'+SUM(A1)", "'-2", "'@x", '"plain, text"', '3']);
  });

  it('opens a database written by the schema before contests and tags submissions made in a round', () => {
    const db = openDatabase(join(dir, 'judge.db'));
    const first = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE contests'));
    expect(first).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, first));
    db.prepare(
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'h', 0), ('kayles', 'Kayles', 'Kayles', 'old', '', '', 1000, 256, 'h', 0)`,
    ).run();
    db.prepare("INSERT INTO submissions (id, problem, source, status, verdict, created_at, finished_at) VALUES (5, 'nim', 'old', 'done', 'AC', 1, 2)").run();
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT contest, contest_virtual FROM submissions WHERE id = 5').get()).toEqual({ contest: null, contest_virtual: null });

    // Local mode (no accounts): the one person takes part. Start in the past, "now" inside the round.
    const now = Date.now();
    const running = insertContest(db, round(now - 10 * MIN, 60), null);
    const inRound = insertSubmission(db, 'nim', 'x');
    const otherProblem = insertSubmission(db, 'kayles', 'x');
    const contestOf = (id: number) => (db.prepare('SELECT contest, contest_virtual AS v FROM submissions WHERE id = ?').get(id) as { contest: number | null; v: number | null });
    expect(contestOf(inRound)).toEqual({ contest: running, v: null });
    expect(contestOf(otherProblem)).toEqual({ contest: null, v: null });

    // After "end now", submissions are upsolving; a virtual round tags them as virtual instead.
    endContestNow(db, running, now - MIN);
    expect(contestOf(insertSubmission(db, 'nim', 'x'))).toEqual({ contest: null, v: null });
    const v = startVirtual(db, running, null, now - MIN);
    expect(startVirtual(db, running, null).id).toBe(v.id);
    expect(contestOf(insertSubmission(db, 'nim', 'x'))).toEqual({ contest: null, v: v.id });
    expect(getContest(db, running)!.endedAt).toBe(now - MIN);
    db.close();
  });

  it('fills the freeze as a stored time for rounds written before it, as their boards showed it', () => {
    const db = openDatabase(join(dir, 'freeze.db'));
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('ADD COLUMN freeze_at'));
    expect(at).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, at));
    const T = Date.UTC(2026, 2, 6, 10);
    const old = db.prepare("INSERT INTO contests (name, problems, starts_at, minutes, rules, freeze_minutes, tools, ended_at, created_at) VALUES (?, '[\"nim\"]', ?, ?, 'icpc', ?, '{}', ?, 0) RETURNING id");
    const planned = (old.get('planned', T, 120, 30, null) as { id: number }).id;
    // Ended at 50.5 minutes: the old board froze from ceil(50.5) − 30 = minute 21.
    const endedEarly = (old.get('ended early', T, 120, 30, T + 50.5 * MIN) as { id: number }).id;
    const none = (old.get('no freeze', T, 120, 0, null) as { id: number }).id;
    db.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'h', 0)").run();
    db.prepare("INSERT INTO submissions (problem, source, status, verdict, created_at, finished_at, contest) VALUES ('nim', 'old', 'done', 'AC', ?, ?, ?)").run(T + 5 * MIN, T + 5 * MIN, planned);
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect([planned, endedEarly, none].map((id) => getContest(db, id)!.freezeAt)).toEqual([T + 90 * MIN, T + 21 * MIN, null]);
    expect(roundWindow(getContest(db, endedEarly)!, T + 60 * MIN)).toMatchObject({ phase: 'over', frozen: true, freezeAt: T + 21 * MIN });
    // The old round's judged tries are still its board's.
    expect(realAttempts(db, getContest(db, planned)!).map((a) => [a.verdict, a.elapsedMs])).toEqual([['AC', 5 * MIN]]);
    // The virtual rounds' submissions have their index: the virtual board reads only its own rows.
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id, problem, verdict, created_at FROM submissions WHERE contest_virtual = ? AND status = 'done' ORDER BY id").all(1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('submissions_by_contest_virtual');
    db.close();
  });

  it('tags and ranks a virtual round of contest 3 started by a third person (ids that differ)', () => {
    const db = openDatabase(join(dir, 'virtual.db'), { migrate: true });
    db.prepare(
      "INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)",
    ).run();
    for (const name of ['ann', 'bob', 'cat']) db.prepare("INSERT INTO accounts (name, display_name, role, password_hash, created_at) VALUES (?, ?, 'student', 'x', 0)").run(name, name);
    const now = Date.now();
    const ids = [1, 2, 3].map((n) => insertContest(db, { ...round(now - (200 + n) * MIN, 60), name: `Round ${n}` }, null));
    expect(ids).toEqual([1, 2, 3]);
    // Ann and Bob practise rounds 1 and 2 first, so Cat's virtual round of contest 3 is number 4.
    startVirtual(db, 1, 1, now - 50 * MIN);
    startVirtual(db, 2, 1, now - 50 * MIN);
    startVirtual(db, 2, 2, now - 50 * MIN);
    const v = startVirtual(db, 3, 3, now - 10 * MIN);
    expect([v.id, v.contest]).toEqual([4, 3]);
    const sub = insertSubmission(db, 'nim', 'x', 'typescript', '', 3);
    db.prepare("UPDATE submissions SET status = 'done', verdict = 'AC' WHERE id = ?").run(sub);
    expect(db.prepare('SELECT contest, contest_virtual AS v FROM submissions WHERE id = ?').get(sub)).toEqual({ contest: null, v: 4 });
    // Ranked on the virtual board of round 3, at her own minute 10.
    const c = getContest(db, 3)!;
    const w = roundWindow(c, now);
    const entry = virtualEntry(db, v);
    const b = computeBoard({ problems: c.problems, rules: c.rules, lengthMs: w.endsAt! - c.startsAt, freezeMs: null }, [...realPeople(db, c), entry.person], entry.attempts, {
      elapsedMs: Date.now() - v.startedAt,
      seeThroughFreeze: true,
      self: entry.person.key,
    });
    expect(b.rows[0]).toMatchObject({ rank: 1, name: 'cat', virtual: true, solved: 1, penalty: 10, self: true });
    expect(virtualWindow(c, v.startedAt, now)).toMatchObject({ kind: 'virtual', phase: 'running', endsAt: v.startedAt + 60 * MIN });
    db.close();
  });
});
