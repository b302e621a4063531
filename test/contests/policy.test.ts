import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, type ContestSight } from '../../server/http/policy';
import type { Viewer } from '../../server/http/auth/viewer';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/** The contest rules now live in policy.ts: the rule itself, then a real server trying to get past it. */
const student = (id: number): Viewer => ({ kind: 'account', id, name: `s${id}`, displayName: '', role: 'student', via: 'bearer' });
const teacher: Viewer = { kind: 'account', id: 1, name: 't', displayName: '', role: 'teacher', via: 'bearer' };
const sight = (over: Partial<ContestSight>): ContestSight => ({ kind: 'contest', part: 'round', phase: 'running', takesPart: false, unfrozen: false, ...over });

describe('may() on a contest', () => {
  it('a student sees a round they take part in or that is over, its problems from the start, the live board once unfrozen', () => {
    const sam = student(7);
    expect(may(sam, 'read', sight({ takesPart: true }))).toBe(true);
    expect(may(sam, 'read', sight({ takesPart: false }))).toBe(false);
    expect(may(sam, 'read', sight({ phase: 'before', takesPart: false }))).toBe(false);
    expect(may(sam, 'read', sight({ phase: 'over' }))).toBe(true);
    expect(may(sam, 'read', sight({ part: 'problems', phase: 'before', takesPart: true }))).toBe(false);
    expect(may(sam, 'read', sight({ part: 'problems', phase: 'running' }))).toBe(true);
    expect(may(sam, 'read', sight({ part: 'liveBoard', phase: 'over' }))).toBe(false);
    expect(may(sam, 'read', sight({ part: 'liveBoard', phase: 'over', unfrozen: true }))).toBe(true);
    expect(may(sam, 'read', sight({ part: 'message', owner: 8 }))).toBe(false);
    expect(may(sam, 'read', sight({ part: 'message', owner: 7 }))).toBe(true);
    expect(may(sam, 'read', sight({ part: 'message', owner: 8, toAll: true }))).toBe(true);
    expect(may(sam, 'read', sight({ part: 'messageAuthor', owner: 7 }))).toBe(false);
    // Only a teacher changes a round, even one the student takes part in.
    expect(may(sam, 'change', sight({ takesPart: true }))).toBe(false);
    for (const v of [teacher, { kind: 'local' } as Viewer]) {
      for (const part of ['round', 'problems', 'liveBoard', 'message', 'messageAuthor'] as const) expect(may(v, 'read', sight({ part, phase: 'before', owner: 99 }))).toBe(true);
    }
  });
});

const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-contest-policy-'));
let server: RunningServer;
let tess: Person, sam: Person, sue: Person;
const MIN = 60_000;

beforeAll(async () => {
  for (const [role, name] of [['add-teacher', 'tess'], ['add-student', 'sam'], ['add-student', 'sue']] as const) {
    const made = await accountsCli(dataDir, [role, name], `${name}-password\n`);
    expect(made.status, made.stderr).toBe(0);
  }
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  tess = new Person(server.url, 'tess', 'tess-password');
  sam = new Person(server.url, 'sam', 'sam-password');
  sue = new Person(server.url, 'sue', 'sue-password');
  for (const p of [tess, sam, sue]) expect((await p.login()).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

const post = async (p: Person, path: string, body: unknown) => {
  const res = await p.api(path, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { id: number } };
};

interface Board { frozen: boolean; rows: { name: string; cells: { state: string }[] }[] }

describe('a student trying to get past the contest rules', { timeout: 300_000 }, () => {
  it("sees no other contestant's submission, no hidden round or its problems, no frozen cell", async () => {
    // Running and inside its freeze: the last 50 of 60 minutes are frozen, 20 have passed.
    const live = (await post(tess, '/api/contests', { name: 'Frozen', problems: ['nim'], startsAt: Date.now() - 20 * MIN, minutes: 60, rules: 'icpc', freezeMinutes: 50 })).body.id;
    const hidden = (await post(tess, '/api/contests', { name: 'Sue only', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 60, rules: 'icpc', participants: [3] })).body.id;
    const later = (await post(tess, '/api/contests', { name: 'Later', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 60, rules: 'icpc' })).body.id;

    const wrong = (await post(sue, '/api/submissions', { problem: 'nim', source: ALWAYS_NO })).body.id;
    let verdict = '';
    for (let i = 0; i < 600 && verdict === ''; i++) {
      const s = (await sue.json<{ status: string; verdict: string; contest: number | null }>(`/api/submissions/${wrong}`)).body;
      if (s.status === 'done') {
        verdict = s.verdict;
        expect(s.contest).toBe(live);
      } else await new Promise((r) => setTimeout(r, 100));
    }
    expect(verdict).toBe('WA');

    // Another contestant's submission in the running round answers as a missing one.
    const peek = await sam.json<{ error: string }>(`/api/submissions/${wrong}`);
    expect([peek.status, peek.body.error]).toEqual([404, `There is no submission ${wrong}.`]);
    expect((await sam.browser(`/submissions/${wrong}`)).status).toBe(404);

    // The frozen board: sue's try is a pending cell for sam, rejected for the teacher and for sue herself
    // (her own results are never "?" to her); the class's view (the projector's) is frozen for her too.
    const cellOf = (b: Board) => b.rows.find((r) => r.name === 'sue')!.cells[0]!.state;
    const samBoard = (await sam.json<Board>(`/api/contests/${live}/board`)).body;
    expect([samBoard.frozen, cellOf(samBoard)]).toEqual([true, 'pending']);
    expect(cellOf((await sue.json<Board>(`/api/contests/${live}/board`)).body)).toBe('rejected');
    expect(cellOf((await sue.json<Board>(`/api/contests/${live}/board?view=frozen`)).body)).toBe('pending');
    expect(cellOf((await sam.json<Board>(`/api/contests/${live}/board?view=frozen`)).body)).toBe('pending');
    expect(cellOf((await tess.json<Board>(`/api/contests/${live}/board`)).body)).toBe('rejected');
    expect(await (await sam.browser(`/contests/${live}/board.csv`)).text()).toMatch(/sue,0,0,\?1,0,\r\n/);
    // Before the start the CSV is refused as the board is (it names the contestants).
    expect((await sam.browser(`/contests/${later}/board.csv`)).status).toBe(400);

    // A round sam does not take part in: missing everywhere, its problems nowhere.
    expect((await sam.json(`/api/contests/${hidden}`)).status).toBe(404);
    expect((await sam.json(`/api/contests/${hidden}/board`)).status).toBe(404);
    expect((await sam.browser(`/contests/${hidden}`)).status).toBe(404);
    const listed = (await sam.json<{ contests: { id: number }[] }>('/api/contests')).body.contests.map((c) => c.id);
    expect(listed.sort()).toEqual([live, later].sort());
    expect((await sue.json<{ problems: unknown[] }>(`/api/contests/${hidden}`)).body.problems).toHaveLength(1);
    // A round sam takes part in, before its start: the round without its problems or board.
    expect((await sam.json<{ problems: unknown[] }>(`/api/contests/${later}`)).body.problems).toEqual([]);
    expect((await sam.json(`/api/contests/${later}/board`)).status).toBe(400);

    // Sue's question: not sam's to read; sue reads it without an author name.
    expect((await post(sue, `/api/contests/${live}/questions`, { text: 'Is 0 a heap?' })).status).toBe(201);
    type Messages = { messages: { text: string; authorName: string | null }[] };
    expect((await sam.json<Messages>(`/api/contests/${live}/messages`)).body.messages).toEqual([]);
    expect((await sue.json<Messages>(`/api/contests/${live}/messages`)).body.messages.map((m) => [m.text, m.authorName])).toEqual([['Is 0 a heap?', null]]);
    expect((await tess.json<Messages>(`/api/contests/${live}/messages`)).body.messages.map((m) => m.authorName)).toEqual(['sue']);
  });
});
