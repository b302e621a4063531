import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO, TYPE_ERROR } from '../helpers/solutions';

/**
 * A whole round on the real judge, a teacher and two students. The round's times are data: it is
 * created with its start half an hour in the past, so "now" is inside it and nothing sleeps.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-contest-round-'));
let server: RunningServer;
let tess: Person, sam: Person, sue: Person;
const MIN = 60_000;

/** A test the teacher shares after the round, and an accepted program that answers it wrongly. */
const TRAP_INPUT = '1\n3\n1234 4321 2024\n';
function trappedNim(): string {
  const solve = acceptedNim().replace("process.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));", '');
  return `${solve}
const input = require('fs').readFileSync(0, 'utf8');
const out = solve(input);
process.stdout.write(input.trim() === ${JSON.stringify(TRAP_INPUT.trim())} ? out.replace(/Yes|No/, (w) => (w === 'Yes' ? 'No' : 'Yes')) : out);
`;
}

interface Cell { problem: string; label: string; state: string; tries: number; pending: number; text: string; minutes: number | null; first: boolean }
interface Row { rank: number; name: string; solved: number; penalty: number; virtual: boolean; self: boolean; cells: Cell[] }
interface Board { frozen: boolean; rows: Row[] }

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

const post = (p: Person, path: string, body?: unknown) => p.api(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function submit(p: Person, source: string): Promise<number> {
  const res = await post(p, '/api/submissions', { problem: 'nim', source });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function judged(p: Person, id: number): Promise<{ verdict: string; createdAt: string; contest: number | null }> {
  for (let i = 0; i < 1200; i++) {
    const s = (await p.json<{ status: string; verdict: string; createdAt: string; contest: number | null }>(`/api/submissions/${id}`)).body;
    if (s.status === 'done') return s;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`submission ${id} not judged`);
}

describe('a contest round on the real server', { timeout: 600_000 }, () => {
  it('runs a round: penalties, freeze, questions, end, unfreeze, virtual participation', async () => {
    const startsAt = Date.now() - 30 * MIN;
    const created = await post(tess, '/api/contests', { name: 'Round 1', problems: ['nim'], startsAt: new Date(startsAt).toISOString(), minutes: 60, rules: 'icpc', freezeMinutes: 45 });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;

    // Students may not make contests; a stranger's id answers like a missing one.
    expect((await post(sam, '/api/contests', { name: 'x', problems: ['nim'], startsAt, minutes: 5, rules: 'icpc' })).status).toBe(403);
    const onlySue = ((await (await post(tess, '/api/contests', { name: 'Sue only', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 600, rules: 'practice', participants: [] })).json()) as { id: number }).id;
    const missing = await sam.json<{ error: string }>(`/api/contests/999999`);
    const stranger = await sam.json<{ error: string }>(`/api/contests/${onlySue}`);
    expect([missing.status, stranger.status]).toEqual([404, 404]);
    expect(stranger.body.error).toMatch(/^There is no contest/);

    // A round not yet started shows a contestant no problems; the teacher sees them.
    const later = ((await (await post(tess, '/api/contests', { name: 'Later', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 90, rules: 'icpc' })).json()) as { id: number }).id;
    expect((await sam.json<{ problems: unknown[]; phase: string }>(`/api/contests/${later}`)).body).toMatchObject({ phase: 'before', problems: [] });
    expect((await tess.json<{ problems: unknown[] }>(`/api/contests/${later}`)).body.problems).toEqual([{ label: 'A', problem: 'nim' }]);
    // Before the start anything may change; during the round only the length, and only longer.
    expect((await tess.api(`/api/contests/${later}`, { method: 'PATCH', body: JSON.stringify({ name: 'Later, renamed' }) })).status).toBe(200);
    expect((await tess.api(`/api/contests/${id}`, { method: 'PATCH', body: JSON.stringify({ name: 'no' }) })).status).toBe(400);
    expect((await tess.api(`/api/contests/${id}`, { method: 'PATCH', body: JSON.stringify({ minutes: 50 }) })).status).toBe(400);
    expect((await tess.api(`/api/contests/${id}`, { method: 'PATCH', body: JSON.stringify({ minutes: 70 }) })).status).toBe(200);

    const samWa = await judged(sam, await submit(sam, ALWAYS_NO));
    const samAcId = await submit(sam, trappedNim());
    const samAc = await judged(sam, samAcId);
    const sueCe = await judged(sue, await submit(sue, TYPE_ERROR));
    const sueAc = await judged(sue, await submit(sue, acceptedNim()));
    expect([samWa.verdict, samAc.verdict, sueCe.verdict, sueAc.verdict]).toEqual(['WA', 'AC', 'CE', 'AC']);
    expect([samWa.contest, sueAc.contest]).toEqual([id, id]);
    // A student never sees another's code, in a round as outside.
    const samLate = await submit(sam, ALWAYS_NO);
    expect((await sue.api(`/api/submissions/${samLate}`)).status).toBe(404);
    await judged(sam, samLate);

    // Hand-computed: minutes from the start to each first AC, plus 20 per earlier rejected try (CE is none).
    const minuteOf = (s: { createdAt: string }) => Math.floor((Date.parse(s.createdAt) - startsAt) / MIN);
    const samPenalty = minuteOf(samAc) + 20;
    const suePenalty = minuteOf(sueAc);
    const live = (await tess.json<Board>(`/api/contests/${id}/board`)).body;
    expect(live.frozen).toBe(false);
    // Sam answered before Sue: he is the first solver, Sue ranks above him on penalty. Tries are the
    // rejected ones before the solve (Sue's CE is none), as on the class table.
    expect(live.rows.map((r) => [r.rank, r.name, r.solved, r.penalty, r.cells[0]!.state, r.cells[0]!.tries, r.cells[0]!.first])).toEqual([
      [1, 'sue', 1, suePenalty, 'solved', 0, false],
      [2, 'sam', 1, samPenalty, 'solved', 1, true],
    ]);

    // The freeze began at its stored time, minute 60 - 45 = 15 (extending did not move it): each student
    // sees the other's tries since as pending (Sue: Sam's three, his try after the AC included, as the
    // ICPC board counts them), and their own results as they are.
    const frozen = (await sue.json<Board>(`/api/contests/${id}/board`)).body;
    expect(frozen.frozen).toBe(true);
    expect(frozen.rows.map((r) => [r.name, r.self, r.solved, r.cells[0]!.state, r.cells[0]!.tries, r.cells[0]!.pending, r.cells[0]!.text])).toEqual([
      ['sue', true, 1, 'solved', 0, 0, '+'],
      ['sam', false, 0, 'pending', 0, 3, '?3'],
    ]);
    const samSees = (await sam.json<Board>(`/api/contests/${id}/board`)).body;
    expect(samSees.rows.map((r) => [r.name, r.self, r.cells[0]!.text])).toEqual([
      ['sam', true, '+1'],
      ['sue', false, '?1'],
    ]);
    // The round's page: Sam's own Accepted, not "?".
    expect(await (await sam.browser(`/contests/${id}`)).text()).toMatch(/<td class="board-cell cell-solved">\+1 \d+ min<\/td>/);
    const csv = await (await tess.api(`/contests/${id}/board.csv`)).text();
    // (fetch's text() drops the byte-order mark the file starts with; "+" gets the apostrophe a spreadsheet formula would.)
    expect(csv.split('\r\n').slice(0, 3)).toEqual(['rank,name,solved,penalty,A,A (tries),A (minutes)', `1,sue,1,${suePenalty},'+,0,${minuteOf(sueAc)}`, `2,sam,1,${samPenalty},★+1,1,${minuteOf(samAc)}`]);
    // A set of the same problem from the round's start counts tries as the round does: the two CSVs agree.
    const set = ((await (await post(tess, '/api/sets', { name: 'Same window', problems: ['nim'], opensAt: new Date(startsAt).toISOString() })).json()) as { id: number }).id;
    const setCsv = (await (await tess.api(`/sets/${set}/standings.csv`)).text()).split('\r\n');
    expect(setCsv[0]).toBe('login,display name,on time,late,Nim,Nim (tries),Nim (minutes)');
    const triesOf = (lines: string[], col: number) => Object.fromEntries(lines.slice(1).filter(Boolean).map((l) => l.split(',')).map((f) => [f[1], f[col]]));
    expect(triesOf(setCsv, 5)).toEqual({ sam: '1', sue: '0' });
    expect(triesOf(csv.split('\r\n'), 5)).toEqual(triesOf(setCsv, 5));

    // A question, answered to everyone.
    const q = ((await (await post(sam, `/api/contests/${id}/questions`, { problem: 'nim', text: 'May a heap be empty?' })).json()) as { id: number }).id;
    expect((await sue.json<{ messages: unknown[] }>(`/api/contests/${id}/messages`)).body.messages).toEqual([]);
    expect((await post(sue, `/api/contests/${id}/questions/${q}/answer`, { text: 'no', toAll: true })).status).toBe(403);
    expect((await post(tess, `/api/contests/${id}/questions/${q}/answer`, { text: 'Yes, a heap may be 0.', toAll: true })).status).toBe(200);
    expect((await post(tess, `/api/contests/${id}/announcements`, { text: 'Thirty minutes left.' })).status).toBe(201);
    const sueSees = (await sue.json<{ messages: { kind: string; text: string; answer: string | null }[] }>(`/api/contests/${id}/messages`)).body.messages;
    expect(sueSees.map((m) => [m.kind, m.text, m.answer])).toEqual([
      ['question', 'May a heap be empty?', 'Yes, a heap may be 0.'],
      ['announcement', 'Thirty minutes left.', null],
    ]);

    // End now, then unfreeze: everyone sees the live board.
    expect((await post(sam, `/api/contests/${id}/unfreeze`)).status).toBe(403);
    expect((await post(tess, `/api/contests/${id}/unfreeze`)).status).toBe(400);
    expect((await post(tess, `/api/contests/${id}/end`)).status).toBe(200);
    expect((await sam.json<Board>(`/api/contests/${id}/board`)).body.frozen).toBe(true);
    expect((await post(tess, `/api/contests/${id}/unfreeze`)).status).toBe(200);
    const after = (await sam.json<Board>(`/api/contests/${id}/board`)).body;
    expect(after.rows.map((r) => [r.name, r.penalty])).toEqual([['sue', suePenalty], ['sam', samPenalty]]);
    // After the end a submission is upsolving: no contest.
    expect((await judged(sue, await submit(sue, acceptedNim()))).contest).toBeNull();
    // Sue starts a virtual round first, so Sam's has an id other than the contest's (it used to answer 500).
    expect((await post(sue, `/api/contests/${id}/virtual`)).status).toBe(201);

    // Sam's virtual round: his own clock from zero, the real rows as they stood at that minute.
    const samVirtual = await post(sam, `/api/contests/${id}/virtual`);
    expect(samVirtual.status).toBe(201);
    expect(((await samVirtual.json()) as { id: number }).id).not.toBe(id);
    await judged(sam, await submit(sam, acceptedNim()));
    const virtualBoard = (await sam.json<Board>(`/api/contests/${id}/board?view=virtual`)).body;
    expect(virtualBoard.rows.map((r) => [r.rank, r.name, r.virtual, r.solved, r.penalty, r.cells[0]!.first])).toEqual([
      [1, 'sam', true, 1, 0, false],
      [2, 'sam', false, 0, 0, false],
      [2, 'sue', false, 0, 0, false],
    ]);
    // The real board never changes.
    expect((await tess.json<Board>(`/api/contests/${id}/board`)).body).toEqual({ ...after, rows: after.rows.map((r) => ({ ...r, self: false })) });

    // The teacher shares a test Sam's accepted program fails, and rejudges the round (students may not).
    const denied = await post(sam, '/api/rejudge', { contest: id });
    expect([denied.status, ((await denied.json()) as { error: string }).error]).toEqual([403, 'Only a teacher can rejudge submissions or follow a rejudge.']);
    expect((await post(tess, '/api/rejudge', { contest: id, problem: 'nim' })).status).toBe(400);
    const test = ((await (await post(tess, '/api/problems/nim/tests', { input: TRAP_INPUT })).json()) as { id: string }).id;
    expect((await post(tess, `/api/problems/nim/tests/${test}/share`)).status).toBe(200);
    const samsNimCell = async () =>
      (await tess.json<{ students: { name: string; cells: { problem: string; state: string; tries: number }[] }[] }>('/api/class/standings')).body.students
        .find((s) => s.name === 'sam')
        ?.cells.find((c) => c.problem === 'nim');
    expect(await samsNimCell()).toMatchObject({ state: 'solved', tries: 1 });
    // An open board asks with the answer's ETag: unchanged, 304, nothing ranked; after the rejudge, the new board.
    const boardTag = (await sam.api(`/api/contests/${id}/board`)).headers.get('etag')!;
    expect((await sam.api(`/api/contests/${id}/board`, { headers: { 'if-none-match': boardTag } })).status).toBe(304);
    const started = await post(tess, '/api/rejudge', { contest: id });
    expect(started.status).toBe(202);
    const rejudge = ((await started.json()) as { id: number }).id;
    expect((await sam.api(`/api/rejudge/${rejudge}`)).status).toBe(403);
    let status: { status: string; done: number; total: number; changed: { submission: number; before: string; after: string }[] } | undefined;
    for (let i = 0; i < 1200 && status?.status !== 'done'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 150));
      status = (await tess.json<NonNullable<typeof status>>(`/api/rejudge/${rejudge}`)).body;
    }
    // Five real tries in the round and Sam's virtual one; only the trapped AC changed.
    expect(status).toMatchObject({ status: 'done', done: 6, total: 6, changed: [{ submission: samAcId, before: 'AC', after: 'WA' }] });
    expect((await sam.json<{ verdict: string; rejudged: unknown[] }>(`/api/submissions/${samAcId}`)).body).toMatchObject({ verdict: 'WA', rejudged: [{ rejudge, before: 'AC', after: 'WA' }] });
    // The board follows: Sam has three rejected tries and no solve; Sue is now the first solver.
    const asked = await sam.api(`/api/contests/${id}/board`, { headers: { 'if-none-match': boardTag } });
    expect(asked.status).toBe(200);
    const rejudged = (await asked.json()) as Board;
    expect(rejudged.rows.map((r) => [r.rank, r.name, r.solved, r.penalty, r.cells[0]!.state, r.cells[0]!.tries, r.cells[0]!.first])).toEqual([
      [1, 'sue', 1, suePenalty, 'solved', 0, true],
      [2, 'sam', 0, 0, 'rejected', 3, false],
    ]);
    // So does the class table (read before too, so its kept tries had to be refreshed): Sam's first
    // Accepted is now his virtual round's, after three rejected tries.
    expect(await samsNimCell()).toMatchObject({ state: 'solved', tries: 3 });

    // An exam with the helpers off: its contestants get 403 with a sentence; the teacher does not.
    await post(tess, '/api/contests', { name: 'Exam', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 60, rules: 'icpc', tools: { stress: false, lab: true, hints: false } });
    const hint = await sam.api('/api/problems/nim/hints/1');
    expect(hint.status).toBe(403);
    expect(((await hint.json()) as { error: string }).error).toBe('Hints and the editorial are turned off during the contest "Exam" and available again after the round.');
    expect((await post(sue, '/api/stress', { problem: 'nim', source: ALWAYS_NO })).status).toBe(403);
    // Every other way to run one's own inputs, and the page's own hint and editorial reveal, too.
    expect((await post(sue, '/api/invocations', { problem: 'nim', source: ALWAYS_NO, input: '1\n1\n1\n' })).status).toBe(403);
    expect((await post(sue, '/api/mistake-maps', { problem: 'nim', source: ALWAYS_NO })).status).toBe(403);
    // The page opens neither and says why (test/contests/round-tools.test.ts tries every spelling).
    expect(await (await sam.api('/problems/nim?hints=1')).text()).not.toContain('class="hint-item"');
    expect(await (await sam.api('/problems/nim?editorial=show')).text()).not.toContain('class="editorial-text"');
    expect((await tess.api('/api/problems/nim/hints/1')).status).not.toBe(403);
  });
});
