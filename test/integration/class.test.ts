import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/** The teacher's side over HTTP: standings (JSON and CSV), homework sets with late solves, /me, rotating backups. */
let server: RunningServer;
let teacher: Person;
let ann: Person;
let bob: Person;

interface Cell {
  problem: string;
  state: string;
  tries: number;
  firstAcAt: string | null;
  late?: boolean;
}
interface Row {
  name: string;
  solved: number;
  cells: Cell[];
}

async function judged(p: Person, source: string): Promise<{ id: number; createdAt: string }> {
  const res = await p.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source }) });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 180_000;
  for (;;) {
    const s = (await p.json<{ status: string; createdAt: string }>(`/api/submissions/${id}`)).body;
    if (s.status === 'done') return { id, createdAt: s.createdAt };
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A CSV parser after RFC 4180 (quoted fields, doubled quotes), as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') (row.push(field), rows.push(row), (row = []), (field = '')), i++;
    else field += c;
  }
  return rows;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-class-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  for (const name of ['ann', 'bob']) expect((await accountsCli(dataDir, ['add-student', name], `${name}-password\n`)).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', BACKUP_EVERY: '2s', BACKUP_KEEP: '2' } });
  teacher = new Person(server.url, 'tess', 'teacher-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [teacher, ann, bob]) expect((await p.login()).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

let annAcAt = '';
describe('class standings', { timeout: 300_000 }, () => {
  it('gives each student a cell per problem: first AC with rejected tries before it, tries, or nothing', async () => {
    await judged(ann, ALWAYS_NO);
    annAcAt = (await judged(ann, acceptedNim())).createdAt;
    await judged(ann, ALWAYS_NO);
    await judged(bob, ALWAYS_NO);
    const { status, body } = await teacher.json<{ problems: string[]; students: Row[] }>('/api/class/standings');
    expect(status).toBe(200);
    expect(body.problems).toEqual(['nim']);
    expect(body.students).toEqual([
      { name: 'ann', displayName: 'ann', solved: 1, cells: [expect.objectContaining({ problem: 'nim', state: 'solved', tries: 1, firstAcAt: annAcAt, text: '✓+1', time: expect.stringMatching(/^\d\d:\d\d$/) })] },
      { name: 'bob', displayName: 'bob', solved: 0, cells: [expect.objectContaining({ problem: 'nim', state: 'tried', tries: 1, firstAcAt: null, text: '✗1', time: '' })] },
    ]);
  });

  it('is for teachers only: students get 404', async () => {
    for (const path of ['/api/class/standings', '/class', '/class/standings.csv']) expect((await ann.api(path)).status, path).toBe(404);
    expect((await teacher.browser('/class')).status).toBe(200);
  });

  it('downloads as CSV with a BOM and a header row, that a spreadsheet parses', async () => {
    const res = await teacher.api('/class/standings.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="class - standings\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    // Titles head the columns; a status and a number per problem, so a spreadsheet sums them.
    expect(rows[0]).toEqual(['login', 'display name', 'solved', 'Nim', 'Nim (tries)']);
    expect(rows.slice(1)).toEqual([
      ['ann', 'ann', '1', 'solved', '1'],
      ['bob', 'bob', '0', 'tried', '1'],
    ]);
  });

  it("links a cell to that student's submissions on that problem", async () => {
    const page = await (await teacher.browser('/class')).text();
    expect(page).toContain('href="/submissions?problem=nim&amp;author=bob"');
    const list = await (await teacher.browser('/submissions?problem=nim&author=bob')).text();
    expect(list.match(/<td class="author">([^<]*)<\/td>/g)).toEqual(['<td class="author">bob</td>']);
  });
});

describe('homework sets', { timeout: 300_000 }, () => {
  let closed = 0;
  let open = 0;
  let future = 0;
  it('makes sets (teachers only) and marks a solve after the close as late', async () => {
    expect((await ann.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'mine', problems: ['nim'] }) })).status).toBe(403);
    expect((await teacher.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'x', problems: ['no-such'] }) })).status).toBe(400);
    expect((await teacher.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'x', problems: ['nim'], opensAt: '2026-01-02T00:00:00Z', closesAt: '2026-01-01T00:00:00Z' }) })).status).toBe(400);
    const closesAt = new Date().toISOString();
    const made = await teacher.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Nim basics', problems: ['nim'], closesAt }) });
    expect(made.status).toBe(201);
    closed = ((await made.json()) as { id: number }).id;
    open = ((await (await teacher.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Nim forever', problems: ['nim'] }) })).json()) as { id: number }).id;
    future = ((await (await teacher.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Next week', problems: ['nim'], opensAt: '2099-01-01T00:00:00Z' }) })).json()) as { id: number }).id;
    await new Promise((r) => setTimeout(r, 5));
    await judged(bob, acceptedNim());

    const set = (await teacher.json<{ name: string; closesAt: string; students: Row[] }>(`/api/sets/${closed}`)).body;
    expect(set).toMatchObject({ name: 'Nim basics', closesAt });
    // No opening time: everything counts (ann's solve from before the set was made is on time).
    expect(set.students).toEqual([
      expect.objectContaining({ name: 'ann', solved: 1, onTime: 1, late: 0, cells: [expect.objectContaining({ problem: 'nim', state: 'solved', tries: 1, firstAcAt: annAcAt, late: false, minutes: 0 })] }),
      expect.objectContaining({ name: 'bob', solved: 1, onTime: 0, late: 1, cells: [expect.objectContaining({ state: 'solved', tries: 1, late: true })] }),
    ]);
    const res = await teacher.api(`/sets/${closed}/standings.csv`);
    expect(res.headers.get('content-disposition')).toMatch(/filename="Nim basics - standings\.csv"/);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['login', 'display name', 'on time', 'late', 'Nim', 'Nim (tries)', 'Nim (minutes)']);
    expect(rows[1]).toEqual(['ann', 'ann', '1', '0', 'solved', '1', '0']);
    expect(rows[2]!.slice(0, 5)).toEqual(['bob', 'bob', '0', '1', 'late']);
  });

  it('shows a student their own progress only, no set before it opens, and a closed set as closed', async () => {
    const mine = (await ann.json<{ students: Row[] }>(`/api/sets/${closed}`)).body;
    expect(mine.students.map((s) => s.name)).toEqual(['ann']);
    expect((await ann.api(`/api/sets/${future}`)).status).toBe(404);
    expect((await teacher.api(`/api/sets/${future}`)).status).toBe(200);
    const listed = (await ann.json<{ id: number; solved: number }[]>('/api/sets')).body;
    expect(listed.map((s) => s.id).sort()).toEqual([closed, open].sort());
    expect(listed.find((s) => s.id === open)!.solved).toBe(1);
    const problems = await (await ann.browser('/problems')).text();
    expect(problems).toMatch(/Homework: Nim forever<\/a>, 1 of 1 on time · open</);
    expect(problems).not.toContain('Next week');
    expect(problems).toMatch(/Homework: Nim basics<\/a>, 1 of 1 on time · closed \d{4}-\d\d-\d\d \d\d:\d\d</);
    // The problem row and the problem page say it is homework.
    expect(problems).toMatch(/class="homework-due" href="\/sets\/\d+">homework<\/a>/);
    expect(await (await ann.browser('/problems/nim')).text()).toMatch(/class="homework-mark phase-closed"><a href="\/sets\/\d+">Homework: Nim basics<\/a> · closed/);
  });

  it('shows a student their row, homework and recent submissions on /me', async () => {
    const me = await (await ann.browser('/me')).text();
    expect(me).toContain('Solved 1 of 1');
    expect(me).toContain('Nim forever');
    expect(me).toMatch(/Nim basics<\/a>: 1 of 1 on time · <span class="set-when phase-closed">closed/);
    expect((me.match(/href="\/submissions\/\d+"/g) ?? []).length).toBe(3);
  });

  it('removes a set but never a submission', async () => {
    // The set removed is one whose standings count ann's solve: its submissions are the ones a
    // delete that took "the set's work" with it would take.
    const counted = (await teacher.json<{ students: Row[] }>(`/api/sets/${open}`)).body.students.find((r) => r.name === 'ann');
    expect(counted).toMatchObject({ solved: 1 });
    const before = (await teacher.json<{ id: number }[]>('/api/submissions')).body.map((s) => s.id);
    const annBefore = (await ann.json<{ id: number }[]>('/api/submissions')).body.map((s) => s.id);
    expect(annBefore.length).toBeGreaterThan(0);
    expect((await ann.api(`/api/sets/${open}`, { method: 'DELETE' })).status).toBe(403);
    expect((await teacher.api(`/api/sets/${open}`, { method: 'DELETE' })).status).toBe(204);
    expect((await teacher.api(`/api/sets/${open}`)).status).toBe(404);
    // Every submission is still there, by id, for the teacher and for its author...
    expect((await teacher.json<{ id: number }[]>('/api/submissions')).body.map((s) => s.id)).toEqual(before);
    for (const id of annBefore) expect((await ann.api(`/api/submissions/${id}`)).status).toBe(200);
    // ...and still counts where it counted: the other set and the student's own page.
    const other = (await teacher.json<{ students: Row[] }>(`/api/sets/${closed}`)).body.students.find((r) => r.name === 'ann');
    expect(other).toMatchObject({ solved: 1, onTime: 1 });
    expect(await (await ann.browser('/me')).text()).toContain('Solved 1 of 1');
  });
});

describe('rotating backups', { timeout: 300_000 }, () => {
  it('writes backups into DATA_DIR/backups and keeps the last BACKUP_KEEP', async () => {
    await server.waitForLog(/older one\(s\) removed/, 120_000);
    const dir = join(server.dataDir, 'backups');
    expect(existsSync(dir)).toBe(true);
    const files = readdirSync(dir).filter((f) => f.endsWith('.db'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.length).toBeLessThanOrEqual(2);
  });
});
