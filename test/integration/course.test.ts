import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * A teacher's course over HTTP, as issue 34's API states it: display names, a roster in one step,
 * passwords without the shell, sets changed after making, on-time vs late, CSVs a spreadsheet sums.
 */
const CLASS_CODE = 'course-code-7';
let server: RunningServer;
let tess: Person;

const post = (p: Person, path: string, body: unknown, method = 'POST') => p.api(path, { method, body: JSON.stringify(body) });

async function judged(p: Person, source: string): Promise<number> {
  const res = await post(p, '/api/submissions', { problem: 'nim', source });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 180_000;
  while ((await p.json<{ status: string }>(`/api/submissions/${id}`)).body.status !== 'done') {
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return id;
}

interface SetRow {
  name: string;
  displayName: string;
  onTime: number;
  late: number;
  cells: { state: string; late: boolean; minutes: number | null; tries: number }[];
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-course-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE } });
  tess = new Person(server.url, 'tess', 'teacher-password');
  expect((await tess.login()).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('people', { timeout: 300_000 }, () => {
  it('refuses a roster with mistakes whole, naming every line, and makes nothing', async () => {
    const res = await post(tess, '/api/class/students', { csv: 'zhangsan,张三\nbad name,X\nli,\nzhangsan,again\nwang,王五,short\n' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; lines: { line: number; error: string }[] };
    expect(body.error).toMatch(/Nothing was imported/);
    expect(body.lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
    expect(body.lines[2]!.error).toMatch(/also on line 1/);
    expect((await tess.json<{ students: unknown[] }>('/api/class/standings')).body.students).toEqual([]);
    // The empty class table says how to fill it, in the page's language.
    expect(await (await tess.browser('/class')).text()).toMatch(/<p class="empty-class" role="note">No students yet\. Add them under Students below/);
    expect(await (await tess.browser('/class', { headers: { cookie: `${tess.cookie}; lang=zh` } })).text()).toContain('还没有学生。在下方“学生”里添加');
  });

  it('imports a roster in one step: display names in any script, passwords made where missing', async () => {
    const res = await post(tess, '/api/class/students', { csv: 'login,display name,password\nzhangsan,张三\n"zoe","Zoë O\'Brien",zoe-password\nbob,-Bob+1\n' });
    expect(res.status).toBe(201);
    const { created } = (await res.json()) as { created: { name: string; displayName: string; password?: string }[] };
    expect(created.map((c) => [c.name, c.displayName])).toEqual([
      ['zhangsan', '张三'],
      ['zoe', "Zoë O'Brien"],
      ['bob', '-Bob+1'],
    ]);
    expect(created[1]!.password).toBeUndefined();
    expect(created[0]!.password!.length).toBeGreaterThanOrEqual(10);
    const zhang = new Person(server.url, 'zhangsan', created[0]!.password!);
    const login = await zhang.login();
    expect(await login.json()).toMatchObject({ name: 'zhangsan', displayName: '张三', role: 'student' });
    expect((await zhang.json('/api/me')).body).toEqual({ name: 'zhangsan', displayName: '张三', role: 'student' });
    // A student cannot import.
    expect((await post(zhang, '/api/class/students', { csv: 'x1,X' })).status).toBe(403);
    // The standings and the class page show the display name.
    const rows = (await tess.json<{ students: { name: string; displayName: string }[] }>('/api/class/standings')).body.students;
    expect(rows.find((r) => r.name === 'zhangsan')!.displayName).toBe('张三');
    expect(await (await tess.browser('/class')).text()).toContain('>张三</span>');
    expect(await (await tess.browser('/class')).text()).not.toContain('class="empty-class"');
  });

  it('answers the roster form with a redirect to a sheet a reload shows again, each slip with the address and the class code', async () => {
    const csrf = await tess.csrf();
    const posted = await tess.browser('/class/students', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf },
      body: new URLSearchParams({ csv: 'sheet1,Sheet One\nsheet2,Sheet Two\n' }).toString(),
    });
    expect(posted.status).toBe(303);
    const at = posted.headers.get('location')!;
    expect(at).toMatch(/^\/class\/sheets\/[\w-]{20,}$/);
    const slips = async () => {
      const res = await tess.browser(at);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      return [...html.matchAll(/<tr data-student="(sheet\d)">(.*?)<\/tr>/g)].map((m) => ({ name: m[1], row: m[2]! }));
    };
    const first = await slips();
    expect(first.map((s) => s.name)).toEqual(['sheet1', 'sheet2']);
    const port = new URL(server.url).port;
    for (const s of first) {
      expect(s.row).toContain(`<td class="address"><code>http://localhost:${port}/login</code></td>`);
      expect(s.row).toContain(`<td class="class-code"><code>${CLASS_CODE}</code></td>`);
    }
    // A reload is a GET: the same passwords, nobody added twice, no second import.
    expect(await slips()).toEqual(first);
    const names = (await tess.json<{ students: { name: string }[] }>('/api/class/standings')).body.students.map((r) => r.name);
    expect(names.filter((n) => n.startsWith('sheet'))).toEqual(['sheet1', 'sheet2']);
    const password = /<td class="password"><code>([^<]+)<\/code>/.exec(first[0]!.row)![1]!;
    const sheet1 = new Person(server.url, 'sheet1', password);
    expect((await sheet1.login()).status).toBe(200);
    // Nobody else sees the sheet; an unknown token says why, in the page's language.
    expect((await sheet1.browser(at)).status).toBe(403);
    const gone = await tess.browser('/class/sheets/not-a-kept-sheet-token', { headers: { cookie: `${tess.cookie}; lang=zh` } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('这张密码单已不再保留');
  });

  it('imports a roster file from the shell (npm run accounts -- import FILE.csv), all or nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-judge-roster-'));
    try {
      writeFileSync(join(dir, 'bad.csv'), 'wu,吴六\nwu,again\n');
      const bad = await accountsCli(server.dataDir, ['import', join(dir, 'bad.csv')]);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/bad\.csv:2: The login "wu" is also on line 1\./);
      expect((await new Person(server.url, 'wu', 'whatever-it-is').login()).status).toBe(401);
      writeFileSync(join(dir, 'good.csv'), '\uFEFFlogin,display name,password\r\nwu,吴六\r\nzhao,"Zhao, Qi",zhao-password\r\n');
      const good = await accountsCli(server.dataDir, ['import', join(dir, 'good.csv')]);
      expect(good.status, good.stderr).toBe(0);
      const lines = good.stdout.trim().split('\n');
      expect(lines[0]).toBe('login,display name,password');
      expect(lines[2]).toBe('zhao,"Zhao, Qi",(as in the file)');
      const generated = /^wu,吴六,(\S+)$/.exec(lines[1]!)![1]!;
      expect(await (await new Person(server.url, 'wu', generated).login()).json()).toMatchObject({ displayName: '吴六' });
      expect(await (await new Person(server.url, 'zhao', 'zhao-password').login()).json()).toMatchObject({ displayName: 'Zhao, Qi' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('registers with a display name (the login by default) and changes it on the account', async () => {
    const reg = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: 'ann-password', classCode: CLASS_CODE, displayName: '安 Ann' }) });
    expect(reg.status).toBe(201);
    expect(await reg.json()).toMatchObject({ name: 'ann', displayName: '安 Ann' });
    const plain = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'cat', password: 'cat-password', classCode: CLASS_CODE }) });
    expect(await plain.json()).toMatchObject({ name: 'cat', displayName: 'cat' });
    // The registration page asks for the password twice.
    const twice = (password2: string) =>
      fetch(`${server.url}/register`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ name: 'dan', displayName: '丹', password: 'dan-password', password2, classCode: CLASS_CODE }).toString() });
    const differ = await twice('dan-passw0rd');
    expect(differ.status).toBe(400);
    const page = await differ.text();
    expect(page).toContain('The two passwords differ');
    expect(page).toContain('value="dan"');
    expect(page).toContain('value="丹"');
    expect((await twice('dan-password')).status).toBe(303);
    const ann = new Person(server.url, 'ann', 'ann-password');
    await ann.login();
    expect((await post(ann, '/api/account', { displayName: '' }, 'PATCH')).status).toBe(400);
    expect((await post(ann, '/api/account', { displayName: 'x'.repeat(65) }, 'PATCH')).status).toBe(400);
    const renamed = await post(ann, '/api/account', { displayName: '  Ann   Lee ' }, 'PATCH');
    expect(await renamed.json()).toEqual({ name: 'ann', displayName: 'Ann Lee', role: 'student' });
    // A teacher renames anyone; a student no one.
    expect((await post(ann, '/api/class/students/cat', { displayName: 'Kat' }, 'PATCH')).status).toBe(403);
    expect(await (await post(tess, '/api/class/students/cat', { displayName: 'Kat' }, 'PATCH')).json()).toEqual({ name: 'cat', displayName: 'Kat' });
  });

  it('changes a password with the current one: other sessions and tokens end, this one stays', async () => {
    const here = new Person(server.url, 'ann', 'ann-password');
    const elsewhere = new Person(server.url, 'ann', 'ann-password');
    await here.login();
    await elsewhere.login();
    expect((await post(here, '/api/account/password', { current: 'wrong-one', password: 'new-ann-password' })).status).toBe(401);
    expect((await post(here, '/api/account/password', { current: 'ann-password', password: 'short' })).status).toBe(400);
    expect((await post(here, '/api/account/password', { current: 'ann-password', password: 'new-ann-password' })).status).toBe(204);
    expect((await here.api('/api/me')).status).toBe(200);
    expect((await elsewhere.api('/api/me')).status).toBe(401);
    expect((await new Person(server.url, 'ann', 'ann-password').login()).status).toBe(401);
    expect((await new Person(server.url, 'ann', 'new-ann-password').login()).status).toBe(200);
  });

  it("lets a teacher reset a student's password: a new one shown once, the old sessions ended", async () => {
    const zoe = new Person(server.url, 'zoe', 'zoe-password');
    await zoe.login();
    expect((await post(zoe, '/api/class/students/bob/password', {})).status).toBe(403);
    expect((await post(tess, '/api/class/students/nobody/password', {})).status).toBe(404);
    const res = await post(tess, '/api/class/students/zoe/password', {});
    expect(res.status).toBe(200);
    const { password } = (await res.json()) as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(10);
    expect((await zoe.api('/api/me')).status).toBe(401);
    expect((await new Person(server.url, 'zoe', password).login()).status).toBe(200);
  });
});

describe('sets a teacher runs a term with', { timeout: 300_000 }, () => {
  let id = 0;

  it('makes a set, refuses malformed times and fields with 400, and edits it with PATCH', async () => {
    expect((await post(tess, '/api/sets', { name: 'x', problems: ['nim'], opensAt: 1.5 })).status).toBe(400);
    expect((await post(tess, '/api/sets', { name: 'x', problems: ['Nim'] })).status).toBe(400);
    const made = await post(tess, '/api/sets', { name: 'Week 1', problems: ['nim'] });
    expect(made.status).toBe(201);
    id = ((await made.json()) as { id: number }).id;
    expect((await post(tess, `/api/sets/${id}`, { opensAt: 1.5 }, 'PATCH')).status).toBe(400);
    expect((await post(tess, `/api/sets/${id}`, { colour: 'red' }, 'PATCH')).status).toBe(400);
    expect((await post(tess, `/api/sets/999`, { name: 'y' }, 'PATCH')).status).toBe(404);
    const patched = await post(tess, `/api/sets/${id}`, { name: 'Week one', closesAt: '2099-01-01T00:00:00Z' }, 'PATCH');
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id, name: 'Week one', problems: ['nim'], closesAt: '2099-01-01T00:00:00.000Z', phase: 'open' });
    expect((await post(tess, `/api/sets/${id}`, { opensAt: '2099-02-01T00:00:00Z' }, 'PATCH')).status).toBe(400);
  });

  it('counts from the opening time on, and a solve after the close apart as late', async () => {
    const ann = new Person(server.url, 'ann', 'new-ann-password');
    await ann.login();
    await judged(ann, acceptedNim());
    // Opened after ann's solve: it no longer counts in the set.
    await new Promise((r) => setTimeout(r, 20));
    expect((await post(tess, `/api/sets/${id}`, { opensAt: new Date().toISOString() }, 'PATCH')).status).toBe(200);
    const row = async (name: string) => (await tess.json<{ students: SetRow[] }>(`/api/sets/${id}`)).body.students.find((s) => s.name === name)!;
    expect((await row('ann')).cells[0]!.state).toBe('none');
    await judged(ann, ALWAYS_NO);
    await judged(ann, acceptedNim());
    expect(await row('ann')).toMatchObject({ onTime: 1, late: 0, cells: [{ state: 'solved', tries: 1, late: false, minutes: 0 }] });

    // Closed now: bob's solve comes late and counts apart.
    await new Promise((r) => setTimeout(r, 20));
    expect((await post(tess, `/api/sets/${id}`, { closesAt: new Date().toISOString() }, 'PATCH')).status).toBe(200);
    const bobPassword = ((await (await post(tess, '/api/class/students/bob/password', {})).json()) as { password: string }).password;
    const b = new Person(server.url, 'bob', bobPassword);
    await b.login();
    await judged(b, acceptedNim());
    expect(await row('bob')).toMatchObject({ displayName: '-Bob+1', onTime: 0, late: 1, cells: [{ state: 'solved', late: true }] });
    // On-time solves rank first.
    const names = (await tess.json<{ students: SetRow[] }>(`/api/sets/${id}`)).body.students.map((s) => s.name);
    expect(names.indexOf('ann')).toBeLessThan(names.indexOf('bob'));

    // The CSV: counts apart, a status, a tries and a minutes column per problem, nothing a spreadsheet runs.
    const res = await tess.api(`/sets/${id}/standings.csv`);
    expect(res.headers.get('content-disposition')).toContain('Week one - standings.csv');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('login,display name,on time,late,Nim,Nim (tries),Nim (minutes)');
    expect(lines).toContain('ann,Ann Lee,1,0,solved,1,0');
    expect(lines.find((l) => l.startsWith('bob,'))).toMatch(/^bob,'-Bob\+1,0,1,late,\d+,\d+$/);
  });

  it('keeps a closed set on the student\'s pages, said the same way as on /class', async () => {
    const ann = new Person(server.url, 'ann', 'new-ann-password');
    await ann.login();
    const sets = (await ann.json<{ id: number; phase: string; onTime: number }[]>('/api/sets')).body;
    expect(sets.find((s) => s.id === id)).toMatchObject({ phase: 'closed', onTime: 1 });
    const me = await (await ann.browser('/me')).text();
    const cls = await (await tess.browser('/class')).text();
    const said = /Week one<\/a>[^<]*<span class="set-when[^"]*">(closed [^<]+)<\/span>/;
    expect(said.exec(me)?.[1]).toMatch(/^closed \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(/Week one<\/a>.*?<span class="set-when[^"]*">(closed [^<]+)<\/span>/.exec(cls)?.[1]).toBe(said.exec(me)?.[1]);
  });

  it('keeps what was typed when the form is refused, and removes a set only when confirmed', async () => {
    const csrf = await tess.csrf();
    const form = (fields: Record<string, string>) => tess.browser('/sets', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf }, body: new URLSearchParams(fields).toString() });
    const refused = await form({ name: 'Typo set', problems: 'Brave Game, Nim' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/role="alert">There is no problem &quot;Brave&quot;/);
    expect(page).toContain('value="Typo set"');
    const ok = await form({ name: 'Ticked', 'pick:nim': '1' });
    expect(ok.status).toBe(303);
    const made = Number(/\/sets\/(\d+)/.exec(ok.headers.get('location')!)![1]);
    const del = (fields: Record<string, string>) => tess.browser(`/sets/${made}/delete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf }, body: new URLSearchParams(fields).toString() });
    expect((await del({})).status).toBe(400);
    expect((await tess.api(`/api/sets/${made}`)).status).toBe(200);
    expect((await del({ confirm: 'yes' })).status).toBe(303);
    expect((await tess.api(`/api/sets/${made}`)).status).toBe(404);
  });

  it('names authors by display name, on "Last submissions" too, keeps the author filter, and speaks to a teacher', async () => {
    const list = await (await tess.browser('/submissions?problem=nim&author=ann')).text();
    expect(list).toMatch(/<option value="ann" selected>Ann Lee \(ann\)<\/option>/);
    const authors = list.match(/<td class="author">.*?<\/td>/g) ?? [];
    expect(authors.length).toBeGreaterThan(0);
    for (const a of authors) expect(a).toBe('<td class="author"><span title="ann">Ann Lee</span></td>');
    const page = await (await tess.browser('/problems/nim')).text();
    expect(page).toMatch(/<td class="author"><a href="\/submissions\?problem=nim&amp;author=bob">-Bob\+1<\/a><\/td>/);
    expect(page).toContain('Added tests (every student&#x27;s and the shared ones)');
    expect(page).toContain('Shown to teachers always');
    const ann = new Person(server.url, 'ann', 'new-ann-password');
    await ann.login();
    const own = await (await ann.browser('/problems/nim')).text();
    expect(own).not.toContain('<td class="author">');
    expect(own).toContain('Your added tests');
  });
});

