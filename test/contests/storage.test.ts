import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { insertSubmission } from '../../server/storage/submissions';
import { csvField } from '../../server/http/contest-routes';
import { endContestNow, getContest, insertContest, startVirtual, type ContestInput } from '../../server/storage/contests';

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
});
