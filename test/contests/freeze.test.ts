import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/http/auth/viewer';
import { contestRoutes } from '../../server/http/contest-routes';
import { HttpError } from '../../server/http/errors';
import { openDatabase, type Db } from '../../server/storage/db';
import { insertSubmission, storeJudgedResult } from '../../server/storage/submissions';

/**
 * The freeze as a stored time, on the real contest routes over HTTP with a real SQLite file; only the
 * routes' clock is the test's (a round's times are data, nothing sleeps). Submissions go in through
 * the real insert (which tags them) and are judged through the one writer of results; a try's time
 * inside the round is set on its row, as a judge that received it then would have stored it.
 *
 *   Round: start S, 60 minutes, the last 40 frozen: the freeze begins at S+20.
 *   sam:  WA at S+10 (seen by everyone), AC at S+25 (in the freeze)
 *   sue:  AC at S+12
 */
const MIN = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-freeze-'));
let db: Db;
let url: string;
let close: () => void;
let clock = 0;
const S = Date.now() - 10 * MIN;

const people: Record<string, Viewer> = {};
const tess = 1;
const sam = 2;
const sue = 3;

beforeAll(async () => {
  db = openDatabase(join(dir, 'judge.db'), { migrate: true });
  db.prepare(
    "INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)",
  ).run();
  for (const [id, name, role] of [[tess, 'tess', 'teacher'], [sam, 'sam', 'student'], [sue, 'sue', 'student']] as const) {
    db.prepare("INSERT INTO accounts (id, name, display_name, role, password_hash, created_at) VALUES (?, ?, ?, ?, 'x', 0)").run(id, name, name, role);
    people[name] = { kind: 'account', id, name, displayName: name, role, via: 'bearer' };
  }
  const app = express();
  // Who asks: the test's header stands for the login (the accounts layer is tested on its own).
  app.use((req, res, next) => {
    res.locals.viewer = people[String(req.get('x-as'))];
    next();
  });
  app.use(contestRoutes(db, () => clock));
  app.use(((err, _req, res, _next) => {
    res.status(err instanceof HttpError ? err.status : 500).json({ error: err instanceof Error ? err.message : String(err) });
  }) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close?.();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (who: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers: { 'x-as': who, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as never };
};

interface Cell { state: string; tries: number; pending: number; text: string; minutes: number | null }
interface Board { frozen: boolean; rows: { name: string; rank: number; solved: number; penalty: number; self: boolean; cells: Cell[] }[]; resolver?: { name: string; problem: string; cell: Cell }[] }
const board = async (who: string, view = ''): Promise<Board> => (await call(who, `/api/contests/1/board${view}`)).body;
const seen = (b: Board) => b.rows.map((r) => `${r.rank} ${r.name} ${r.solved}/${r.penalty} ${r.cells.map((c) => c.text || '.').join(' ')}`);

/** A judged try of `owner` at `minute` of the round (inserted now, inside the round, then timed). */
function judgedTry(owner: number, verdict: 'AC' | 'WA', at: number): number {
  const id = insertSubmission(db, 'nim', 'x', 'typescript', '', owner);
  db.prepare('UPDATE submissions SET created_at = ? WHERE id = ?').run(at, id);
  storeJudgedResult(db, id, { verdict, failedTest: verdict === 'AC' ? null : 1, timeMs: 1, memoryKb: 1, compileOutput: null });
  return id;
}

describe('the freeze, a stored time', () => {
  it('holds through Extend and End now: the board students see before and after is the same', async () => {
    clock = Date.now();
    expect((await call('tess', '/api/contests', { method: 'POST', body: { name: 'R', problems: ['nim'], startsAt: S, minutes: 60, rules: 'icpc', freezeMinutes: 40 } })).status).toBe(201);
    judgedTry(sam, 'WA', S + 10 * MIN);
    judgedTry(sue, 'AC', S + 12 * MIN);
    judgedTry(sam, 'AC', S + 25 * MIN);
    expect(db.prepare('SELECT contest FROM submissions').all()).toEqual([{ contest: 1 }, { contest: 1 }, { contest: 1 }]);

    clock = S + 30 * MIN;
    const round = (await call('sue', '/api/contests/1')).body as { frozen: boolean; freezeAt: string; endsAt: string };
    expect(round).toMatchObject({ frozen: true, freezeAt: new Date(S + 20 * MIN).toISOString(), endsAt: new Date(S + 60 * MIN).toISOString() });
    // Sue sees Sam's try from before the freeze, and one pending since: "−1 ?1", not "?2".
    const before = await board('sue');
    expect(before.frozen).toBe(true);
    expect(seen(before)).toEqual(['1 sue 1/12 +', '2 sam 0/0 −1 ?1']);
    // Sam's own Accepted is never "?" to himself.
    const samSees = await board('sam');
    expect(seen(samSees)).toEqual(['1 sue 1/12 +', '2 sam 1/45 +1']);
    expect(samSees.rows.map((r) => r.self)).toEqual([false, true]);
    // The teacher sees every try; the projector's view (as the class) is the frozen one.
    expect(seen(await board('tess'))).toEqual(['1 sue 1/12 +', '2 sam 1/45 +1']);
    expect(seen(await board('tess', '?view=frozen'))).toEqual(seen(before));

    // Extend: the freeze keeps its time (it used to move to the new end − 40 and show Sam's AC).
    expect((await call('tess', '/api/contests/1', { method: 'PATCH', body: { minutes: 90 } })).status).toBe(200);
    expect((await call('sue', '/api/contests/1')).body).toMatchObject({ frozen: true, freezeAt: new Date(S + 20 * MIN).toISOString(), endsAt: new Date(S + 90 * MIN).toISOString() });
    expect(seen(await board('sue'))).toEqual(seen(before));

    // End now: nothing shown is hidden again (it used to move the freeze to the start and hide Sue's AC and Sam's WA).
    expect((await call('tess', '/api/contests/1/end', { method: 'POST' })).status).toBe(200);
    clock = S + 31 * MIN;
    expect((await call('sue', '/api/contests/1')).body).toMatchObject({ phase: 'over', frozen: true, endsAt: new Date(S + 30 * MIN).toISOString() });
    expect(seen(await board('sue'))).toEqual(seen(before));

    // The resolver's steps come from the server with the class's board; the unfreeze shows everything.
    const resolver = await board('tess', '?view=frozen');
    expect(resolver.resolver?.map((s) => [s.name, s.cell.text])).toEqual([['sam', '+1']]);
    expect((await board('sue', '?view=frozen')).resolver).toBeUndefined();
    expect((await call('tess', '/api/contests/1/unfreeze', { method: 'POST' })).status).toBe(200);
    expect(seen(await board('sue'))).toEqual(['1 sue 1/12 +', '2 sam 1/45 +1']);
  });

  it('gives a round ended before its freeze no freeze at all', async () => {
    clock = Date.now();
    const made = (await call('tess', '/api/contests', { method: 'POST', body: { name: 'Short', problems: ['nim'], startsAt: clock - 5 * MIN, minutes: 60, rules: 'icpc', freezeMinutes: 30 } })).body as { id: number };
    expect((await call('tess', `/api/contests/${made.id}/end`, { method: 'POST' })).status).toBe(200);
    clock += MIN;
    expect((await call('sue', `/api/contests/${made.id}`)).body).toMatchObject({ phase: 'over', frozen: false, freezeAt: null });
  });

  it('refuses a start that is no whole time or past the last date with a sentence, and answers 304 to an unchanged board', async () => {
    for (const startsAt of [1.5, 8.64e15, '+275760-09-13T00:00:00.000Z']) {
      const res = await call('tess', '/api/contests', { method: 'POST', body: { name: 'x', problems: ['nim'], startsAt, minutes: 60, rules: 'icpc' } });
      expect([res.status, (res.body as { error: string }).error]).toEqual([400, expect.stringMatching(/^The field "startsAt" must be a date and time between 1970 and 9999/)]);
    }
    // A row stored before the bound (the last representable date) leaves the list answering.
    db.prepare("INSERT INTO contests (name, problems, starts_at, minutes, rules, tools, created_at) VALUES ('far', '[\"nim\"]', 8640000000000000, 60, 'icpc', '{}', 0)").run();
    const list = await call('tess', '/api/contests');
    expect(list.status).toBe(200);
    expect((list.body as { contests: { name: string; endsAt: string | null }[] }).contests.find((c) => c.name === 'far')).toMatchObject({ endsAt: null });

    clock = S + 31 * MIN;
    const first = await fetch(`${url}/api/contests/1/board`, { headers: { 'x-as': 'sue' } });
    const tag = first.headers.get('etag')!;
    expect((await fetch(`${url}/api/contests/1/board`, { headers: { 'x-as': 'sue', 'if-none-match': tag } })).status).toBe(304);
    // A new result (a rejudge goes through the same writer) changes the answer.
    storeJudgedResult(db, 3, { verdict: 'WA', failedTest: 1, timeMs: 1, memoryKb: 1, compileOutput: null });
    const after = await fetch(`${url}/api/contests/1/board`, { headers: { 'x-as': 'sue', 'if-none-match': tag } });
    expect(after.status).toBe(200);
    expect(seen((await after.json()) as Board)).toEqual(['1 sue 1/12 +', '2 sam 0/0 −2']);
  });
});
