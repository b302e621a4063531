import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * Accounts mode over HTTP with two students and a teacher: every rule of who sees what, each
 * denial checked (404, never 403, for someone else's work), sessions, CSRF, tokens, throttling.
 */
let server: RunningServer;
let teacher: Person;
let ann: Person;
let bob: Person;
const CLASS_CODE = 'nim-sum-42';

interface Sub {
  id: number;
  status: string;
  verdict: string | null;
  tests: unknown[];
  author?: string;
}

async function submit(p: Person, source: string): Promise<number> {
  const res = await p.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function judged(p: Person, id: number): Promise<Sub> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status, body } = await p.json<Sub>(`/api/submissions/${id}`);
    expect(status).toBe(200);
    if (body.status === 'done') return body;
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function register(name: string, password: string, classCode = CLASS_CODE): Promise<Response> {
  return fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password, classCode }) });
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-accounts-'));
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE, TRUST_PROXY: '1' } });
  teacher = new Person(server.url, 'tess', 'teacher-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('accounts mode', { timeout: 300_000 }, () => {
  it('lets students register with the class code only, with names and passwords checked', async () => {
    expect((await register('ann', 'ann-password')).status).toBe(201);
    expect((await register('bob', 'bob-password')).status).toBe(201);
    const wrong = await register('eve', 'eve-password', 'guess');
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/class code/);
    const taken = await register('ANN', 'another-password');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toMatch(/taken/);
    expect((await register('has space', 'long-enough')).status).toBe(400);
    expect((await register('x'.repeat(33), 'long-enough')).status).toBe(400);
    const short = await register('carl', 'short');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: string }).error).toMatch(/8 characters/);
  });

  it('logs in with a token and an HttpOnly, SameSite=Lax session cookie of 30 days', async () => {
    for (const p of [teacher, ann, bob]) {
      const res = await p.login();
      expect(res.status).toBe(200);
      const body = (await res.json()) as { token: string; name: string; role: string };
      expect(body).toMatchObject({ name: p.name, role: p === teacher ? 'teacher' : 'student' });
      expect(body.token.length).toBeGreaterThanOrEqual(40);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).not.toMatch(/Secure/);
    }
    expect(await ann.json('/api/me')).toEqual({ status: 200, body: { name: 'ann', displayName: 'ann', role: 'student' } });
    const bad = await new Person(server.url, 'ann', 'wrong-password').login();
    expect(bad.status).toBe(401);
  });

  it('marks the cookie Secure behind a TLS proxy (TRUST_PROXY)', async () => {
    const res = await new Person(server.url, 'ann', 'ann-password').login({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.9.9.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('sends everyone without a session to the login page, and answers the API with 401', async () => {
    const page = await fetch(`${server.url}/problems/nim`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login?next=%2Fproblems%2Fnim');
    expect((await fetch(`${server.url}/submissions`, { redirect: 'manual' })).status).toBe(303);
    for (const path of ['/api/problems', '/api/submissions', '/api/me', '/api/health', '/api/problems/nim/tests']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: string }).error).toMatch(/[Ll]og in/);
    }
    // A submit form sent logged out comes back to its problem after the login, and the login page says
    // when someone has just logged out.
    const form = await fetch(`${server.url}/problems/nim/submit`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'source=x' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/login?next=%2Fproblems%2Fnim');
    expect(await (await fetch(`${server.url}/login?out=1`)).text()).toMatch(/class="note logged-out"[^>]*>You are logged out\./);
    expect(await (await fetch(`${server.url}/login`)).text()).not.toMatch(/logged-out/);
    const post = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO }) });
    expect(post.status).toBe(401);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    expect((await fetch(`${server.url}/register`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/me`, { headers: { authorization: 'Bearer not-a-real-token-at-all-xxxxxxxx' } })).status).toBe(401);
  });

  let annAc = 0;
  let bobWa = 0;
  it("keeps each student's submissions, sources, outputs and live updates to themselves (404 for others)", async () => {
    annAc = await submit(ann, acceptedNim());
    bobWa = await submit(bob, ALWAYS_NO);
    expect((await judged(ann, annAc)).verdict).toBe('AC');
    expect((await judged(bob, bobWa)).verdict).toBe('WA');

    const annList = await ann.json<Sub[]>('/api/submissions');
    expect(annList.body.map((s) => s.id)).toEqual([annAc]);
    expect(annList.body[0]!.author).toBeUndefined();
    for (const [who, other] of [[ann, bobWa], [bob, annAc]] as const) {
      const api = await who.api(`/api/submissions/${other}`);
      expect(api.status).toBe(404);
      expect(((await api.json()) as { error: string }).error).toBe(`There is no submission ${other}.`);
      for (const path of [`/submissions/${other}`, `/submissions/${other}/source.ts`, `/submissions/${other}/events`]) {
        expect((await who.browser(path)).status, path).toBe(404);
      }
      expect(await (await who.browser(`/submissions/status?ids=${other}`)).json()).toEqual([]);
    }
    // Bob's failing test: its output is his alone.
    expect((await bob.browser(`/submissions/${bobWa}/output.txt`)).status).toBe(200);
    expect((await ann.browser(`/submissions/${bobWa}/output.txt`)).status).toBe(404);
    const annPage = await (await ann.browser('/submissions')).text();
    expect(annPage).toContain(`/submissions/${annAc}`);
    expect(annPage).not.toContain(`/submissions/${bobWa}"`);
    // The nonexistent and the hidden look the same.
    expect((await ann.api('/api/submissions/999999')).status).toBe(404);
  });

  it('shows the teacher everything with the author on every list and page', async () => {
    const all = await teacher.json<Sub[]>('/api/submissions');
    expect(all.body.map((s) => [s.id, s.author])).toEqual([
      [bobWa, 'bob'],
      [annAc, 'ann'],
    ]);
    expect((await teacher.json<Sub>(`/api/submissions/${bobWa}`)).body.author).toBe('bob');
    const list = await (await teacher.browser('/submissions')).text();
    expect(list).toMatch(/<td class="author">ann<\/td>/);
    expect(list).toMatch(/<td class="author">bob<\/td>/);
    const page = await (await teacher.browser(`/submissions/${annAc}`)).text();
    expect(page).toMatch(/<td class="author">ann<\/td>/);
    expect((await teacher.browser(`/submissions/${bobWa}/source.ts`)).status).toBe(200);
  });

  it('keeps solved / tried, "Solved N of M" and the editorial unlock per person', async () => {
    const annList = await (await ann.browser('/problems')).text();
    const bobList = await (await bob.browser('/problems')).text();
    const teacherList = await (await teacher.browser('/problems')).text();
    expect(annList).toMatch(/Solved 1 of \d+/);
    expect(bobList).toMatch(/Solved 0 of \d+/);
    expect(teacherList).toMatch(/Solved 0 of \d+/);
    const annNim = await (await ann.browser('/problems/nim')).text();
    const bobNim = await (await bob.browser('/problems/nim')).text();
    expect(annNim).toContain('Shown because you solved this problem.');
    expect(bobNim).not.toContain('Shown because you solved this problem.');
    expect(bobNim).toContain('opens once you get Accepted');
  });

  let annTest = '';
  it("runs a student's saved test only for that student's submissions, until a teacher shares it", async () => {
    const added = await ann.api('/api/problems/nim/tests', { method: 'POST', body: JSON.stringify({ input: '1\n3\n1 2 3\n', label: 'ann case' }) });
    expect(added.status).toBe(201);
    annTest = ((await added.json()) as { id: string }).id;
    expect((await ann.json<{ id: string }[]>('/api/problems/nim/tests')).body.map((t) => t.id)).toEqual([annTest]);
    expect((await bob.json<unknown[]>('/api/problems/nim/tests')).body).toEqual([]);
    expect((await bob.api(`/api/problems/nim/tests/${annTest}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api(`/api/problems/nim/tests/${annTest}/share`, { method: 'POST' })).status).toBe(403);
    const teacherView = (await teacher.json<{ id: string; author: string; shared: boolean }[]>('/api/problems/nim/tests')).body;
    expect(teacherView).toEqual([expect.objectContaining({ id: annTest, author: 'ann', shared: false })]);

    const annRun = await judged(ann, await submit(ann, acceptedNim()));
    const bobRun = await judged(bob, await submit(bob, acceptedNim()));
    expect(annRun.tests.length).toBe(bobRun.tests.length + 1);

    const shared = await teacher.api(`/api/problems/nim/tests/${annTest}/share`, { method: 'POST' });
    expect(shared.status).toBe(200);
    expect((await bob.json<{ id: string; shared: boolean }[]>('/api/problems/nim/tests')).body).toEqual([expect.objectContaining({ id: annTest, shared: true })]);
    const bobAgain = await judged(bob, await submit(bob, acceptedNim()));
    expect(bobAgain.tests.length).toBe(annRun.tests.length);
    // A shared test is the teacher's to remove, not a student's.
    expect((await ann.api(`/api/problems/nim/tests/${annTest}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps stress runs, custom invocations and sample runs to their owner', async () => {
    const inv = await ann.api('/api/invocations', { method: 'POST', body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO, input: '1\n1\n1\n' }) });
    expect(inv.status).toBe(201);
    const invId = ((await inv.json()) as { id: number }).id;
    expect((await ann.api(`/api/invocations/${invId}`)).status).toBe(200);
    expect((await bob.api(`/api/invocations/${invId}`)).status).toBe(404);
    expect((await bob.browser(`/invocations/${invId}`)).status).toBe(404);
    expect((await teacher.api(`/api/invocations/${invId}`)).status).toBe(200);

    const sampleRun = await ann.api('/api/sample-runs', { method: 'POST', body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO }) });
    expect(sampleRun.status).toBe(201);
    const sampleRunId = ((await sampleRun.json()) as { id: number }).id;
    expect((await ann.api(`/api/sample-runs/${sampleRunId}`)).status).toBe(200);
    expect((await bob.api(`/api/sample-runs/${sampleRunId}`)).status).toBe(404);
    expect((await teacher.api(`/api/sample-runs/${sampleRunId}`)).status).toBe(200);

    const run = await ann.api('/api/stress', { method: 'POST', body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO, cases: 5, size: 'tiny' }) });
    expect(run.status).toBe(201);
    const runId = ((await run.json()) as { id: number }).id;
    expect((await bob.api(`/api/stress/${runId}`)).status).toBe(404);
    expect((await bob.browser(`/stress/${runId}`)).status).toBe(404);
    expect((await bob.api(`/api/stress/${runId}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await teacher.api(`/api/stress/${runId}`)).status).toBe(200);
    expect((await ann.api(`/api/stress/${runId}`)).status).toBe(200);
    // The teacher's pages name the author; the student's own do not need to.
    expect(await (await teacher.browser(`/stress/${runId}`)).text()).toContain('<span class="author">ann</span>');
    expect(await (await teacher.browser(`/invocations/${invId}`)).text()).toContain('<span class="author">ann</span>');
    expect(await (await ann.browser(`/stress/${runId}`)).text()).not.toContain('class="author"');
  });

  it('keeps lab jobs to their owner', async () => {
    const source = 'export function options(n: number): number[][] { return n >= 1 ? [[n - 1]] : []; }';
    const made = await ann.api('/api/lab', { method: 'POST', body: JSON.stringify({ source, to: 10 }) });
    expect(made.status).toBe(202);
    const id = ((await made.json()) as { id: number }).id;
    expect((await ann.api(`/api/lab/${id}`)).status).toBe(200);
    expect((await teacher.api(`/api/lab/${id}`)).status).toBe(200);
    expect((await bob.api(`/api/lab/${id}`)).status).toBe(404);
    expect((await bob.browser(`/lab/jobs/${id}`)).status).toBe(404);
  });

  // Turns by person are tested by the order of service in fair-turns.test.ts.

  it('stores no password and no token in clear', () => {
    const db = new Database(join(server.dataDir, 'judge.db'), { readonly: true });
    const hashes = db.prepare('SELECT password_hash AS h FROM accounts').all() as { h: string }[];
    const tokens = db.prepare('SELECT hash FROM tokens').all() as { hash: string }[];
    db.close();
    for (const { h } of hashes) expect(h).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hashes.some(({ h }) => h.includes('ann-password'))).toBe(false);
    expect(tokens.map((t) => t.hash)).not.toContain(ann.token);
    expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.hash))).toBe(true);
  });

  it('shows worker details to teachers only on /api/health', async () => {
    const mine = (await ann.json<{ workers: unknown[]; queued: number }>('/api/health')).body;
    expect(mine.workers).toEqual([]);
    expect(typeof mine.queued).toBe('number');
    expect((await teacher.json<{ workers: unknown[] }>('/api/health')).body.workers.length).toBeGreaterThan(0);
  });

  it('refuses a cookie POST without the CSRF token (403), takes it from a header or a form field, and needs none with a bearer token', async () => {
    const body = JSON.stringify({ problem: 'nim', source: ALWAYS_NO });
    const bare = await ann.browser('/api/submissions', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as { error: string }).error).toMatch(/CSRF/);
    const wrong = await ann.browser('/api/submissions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged' }, body });
    expect(wrong.status).toBe(403);
    const csrf = await ann.csrf();
    expect((await bob.csrf()) === csrf).toBe(false);
    const withHeader = await ann.browser('/api/submissions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body });
    expect(withHeader.status).toBe(201);

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    const noField = await ann.browser('/problems/nim/submit', { method: 'POST', headers: formHeaders, body: form({ source: ALWAYS_NO }) });
    expect(noField.status).toBe(403);
    const withField = await ann.browser('/problems/nim/submit', { method: 'POST', headers: formHeaders, body: form({ source: ALWAYS_NO, _csrf: csrf }) });
    expect(withField.status).toBe(303);
    expect(withField.headers.get('location')).toMatch(/^\/submissions\/\d+$/);
    const multipart = new FormData();
    multipart.set('_csrf', csrf);
    multipart.set('source', ALWAYS_NO);
    expect((await ann.browser('/problems/nim/submit', { method: 'POST', body: multipart })).status).toBe(303);
    // Bob's token in Ann's session is no token at all.
    const crossed = await ann.browser('/api/submissions', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': await bob.csrf() }, body });
    expect(crossed.status).toBe(403);
    // The page forms carry the field.
    expect(await (await ann.browser('/problems/nim')).text()).toContain(`name="_csrf" value="${csrf}"`);
    expect((await ann.api('/api/submissions', { method: 'POST', body })).status).toBe(201);
  });

  it('makes, uses and revokes API tokens', async () => {
    const made = await ann.api('/api/tokens', { method: 'POST', body: JSON.stringify({ label: 'laptop script' }) });
    expect(made.status).toBe(201);
    const { id, token } = (await made.json()) as { id: string; token: string };
    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toEqual({ name: 'ann', displayName: 'ann', role: 'student' });
    expect((await ann.json<{ id: string; label: string }[]>('/api/tokens')).body).toEqual([expect.objectContaining({ id, label: 'laptop script' })]);
    expect((await bob.api(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ann.api(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('ends a session on logout and every session on a password reset', async () => {
    const second = new Person(server.url, 'ann', 'ann-password');
    await second.login();
    const csrf = await second.csrf();
    const out = await second.browser('/api/logout', { method: 'POST', headers: { 'x-csrf-token': csrf } });
    expect(out.status).toBe(204);
    expect((await second.browser('/api/me')).status).toBe(401);
    expect((await second.browser('/problems')).status).toBe(303);
    expect((await ann.api('/api/me')).status).toBe(200);

    const reset = await accountsCli(server.dataDir, ['reset-password', 'bob'], 'bob-new-password\n');
    expect(reset.status, reset.stderr).toBe(0);
    expect((await bob.api('/api/me')).status).toBe(401);
    expect((await bob.browser('/api/me')).status).toBe(401);
    expect((await bob.login()).status).toBe(401);
    expect((await new Person(server.url, 'bob', 'bob-new-password').login()).status).toBe(200);
  });

  it('removes an account but keeps its submissions, marked as from a removed account', async () => {
    const bobNow = new Person(server.url, 'bob', 'bob-new-password');
    expect((await bobNow.login()).status).toBe(200);
    const saved = await bobNow.api('/api/problems/nim/tests', { method: 'POST', body: JSON.stringify({ input: '1\n2\n1 2\n', label: 'bob case' }) });
    expect(saved.status).toBe(201);
    const bobTest = ((await saved.json()) as { id: string }).id;
    const removed = await accountsCli(server.dataDir, ['remove', 'bob']);
    expect(removed.status, removed.stderr).toBe(0);
    expect((await new Person(server.url, 'bob', 'bob-new-password').login()).status).toBe(401);
    const all = (await teacher.json<Sub[]>('/api/submissions')).body;
    expect(all.find((s) => s.id === bobWa)?.author).toBe('bob (removed account)');
    // A saved test is named by the same rule as a submission (it once dropped the mark).
    const tests = (await teacher.json<{ id: string; author: string }[]>('/api/problems/nim/tests')).body;
    expect(tests.find((t) => t.id === bobTest)?.author).toBe('bob (removed account)');
    const listed = await accountsCli(server.dataDir, ['list']);
    expect(listed.stdout).toMatch(/^bob\tstudent\t\S+\tremoved$/m);
    expect(listed.stdout).toMatch(/^tess\tteacher/m);
  });

  it('throttles logins after 10 failures for one name from one address, even with the right password, with 429 and a sentence', async () => {
    expect((await register('dora', 'dora-password')).status).toBe(201);
    const from = { 'x-forwarded-for': '10.1.0.1' };
    for (let i = 0; i < 10; i++) expect((await new Person(server.url, 'dora', `wrong-${i}`).login(from)).status).toBe(401);
    const blocked = await new Person(server.url, 'DORA', 'dora-password').login(from);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/Too many failed logins.*try again in \d+ minute/);
    // Someone else's guesses never lock dora out of her own machine (docs/security.md has every window).
    expect((await new Person(server.url, 'dora', 'dora-password').login({ 'x-forwarded-for': '10.1.0.2' })).status).toBe(200);
    expect((await teacher.login(from)).status).toBe(200);
  });
});
