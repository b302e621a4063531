import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPassword } from '../../server/storage/accounts';
import { openDatabase } from '../../server/storage/db';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * Issue 39, items 2, 3, 4, 5, 11 and the names of 15, against the real server in accounts mode with
 * no CLASS_CODE (the generated one) and TRUST_PROXY, so each request says which address it is from.
 * Every assertion counts answers (401, 429, 503, 201); none measures time.
 */
let server: RunningServer;
let dataDir: string;
let classCode: string;
let teacher: Person;

const from = (address: string) => ({ 'x-forwarded-for': address });

function login(name: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name, password }) });
}

function register(name: string, password: string, code: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name, password, classCode: code }) });
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

async function statuses(requests: Promise<Response>[]): Promise<number[]> {
  return Promise.all(requests.map(async (r) => {
    const res = await r;
    await res.arrayBuffer();
    return res.status;
  }));
}

beforeAll(async () => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'sg-judge-logins-')), 'data');
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE: '', TRUST_PROXY: '1' } });
  const code = /registration open with the class code ([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}) \(generated/.exec(server.logs());
  expect(code, server.logs()).not.toBeNull();
  classCode = code![1]!;
  teacher = new Person(server.url, 'tess', 'teacher-password');
  expect((await teacher.login(from('10.0.0.1'))).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeDataDir(join(dataDir, '..'));
});

describe('registration that cannot be guessed or flooded', { timeout: 300_000 }, () => {
  it('makes the database 0600 in a 0700 data directory', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'judge.db')).mode & 0o777).toBe(0o600);
  });

  it('lets a class of 40 behind one address register at once, a few mistyping the code first', async () => {
    const nat = from('192.0.2.1');
    const typos = await statuses(Array.from({ length: 10 }, (_, i) => register(`typo${i}`, 'student-password', `${classCode}x`, nat)));
    expect(tally(typos)).toEqual({ 403: 10 });
    const all = await statuses(Array.from({ length: 40 }, (_, i) => register(`pupil${i}`, `pupil-password-${i}`, classCode, nat)));
    expect(tally(all)).toEqual({ 201: 40 });
  });

  it('limits wrong class codes from one address: 60 in a row meet 429', async () => {
    const got: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await register(`guess${i}`, 'guess-password', `guess-${i}`, from('198.51.100.7'));
      got.push(res.status);
    }
    expect(tally(got)).toEqual({ 403: 50, 429: 10 });
    // The right code from that address waits too; another address is not concerned.
    expect((await register('late', 'late-password', classCode, from('198.51.100.7'))).status).toBe(429);
    expect((await register('late', 'late-password', classCode, from('198.51.100.8'))).status).toBe(201);
  });

  it('limits wrong class codes in total, from many addresses', async () => {
    // 50 already from 198.51.100.7 and 10 from 192.0.2.1; the whole class may have 200 per 15 minutes.
    const got = await statuses(Array.from({ length: 150 }, (_, i) => register(`spray${i}`, 'spray-password', `spray-${i}`, from(`203.0.113.${i}`))));
    expect(tally(got)).toEqual({ 403: 140, 429: 10 });
    // Until a teacher is told nobody registers, the right code included (or guessing would go on),
    // and an honest student at a fifth address is told the true reason, in the page's language.
    const paused = await register('fresh', 'fresh-password', classCode, from('203.0.114.1'));
    expect(paused.status).toBe(429);
    const sentence = ((await paused.json()) as { error: string }).error;
    expect(sentence).toMatch(/^Registration is paused for everyone for \d+ minute\(s\): the class has had too many wrong class codes in 15 minutes, from many addresses \(not necessarily yours\)/);
    expect(sentence).not.toMatch(/from this address/);
    const form = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=zh', ...from('203.0.114.2') },
      body: new URLSearchParams({ name: 'fresh', password: 'fresh-password', password2: 'fresh-password', classCode }).toString(),
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toMatch(/role="alert">注册对所有人暂停 \d+ 分钟：15 分钟内全班收到了太多错误的班级邀请码/);
    // The teacher's /class says so (the count and the addresses); from then on the right code passes, a wrong one still waits.
    const page = await (await teacher.browser('/class')).text();
    expect(page).toMatch(/<p class="registration-flood form-error" role="alert">Registration was flooded: 200 wrong class codes from \d+ address\(es\) in the last 15 minutes/);
    const [right, wrong] = await Promise.all([
      register('fresh', 'fresh-password', classCode, from('203.0.114.1')),
      register('fresh2', 'fresh-password', `${classCode}-not`, from('203.0.114.3')),
    ]);
    expect(right.status).toBe(201);
    expect(wrong.status).toBe(429);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/^Registration is paused for wrong class codes/);
    // Each address keeps its own bound through the pause: 50 more wrong codes from one address, then "from this address".
    const more = await statuses(Array.from({ length: 52 }, (_, i) => register(`again${i}`, 'again-password', `again-${i}`, from('203.0.115.9'))));
    expect(tally(more)).toEqual({ 429: 52 });
    const last = await register('again', 'again-password', classCode, from('203.0.115.9'));
    expect(((await last.json()) as { error: string }).error).toMatch(/from this address/);
    // Opening registration again lifts every limit.
    expect((await teacher.api('/api/class/registration', { method: 'POST', body: JSON.stringify({ open: true }) })).status).toBe(200);
    expect((await register('fresh3', 'fresh-password', classCode, from('203.0.115.9'))).status).toBe(201);
  });

  it('refuses names that look like a role or like an existing name', async () => {
    for (const name of ['teacher', 'Admin', 'root', 'ROOT2', 'tess.', 'Tess_', 't-e.s_s', 'pupil_1', 'PUPIL.1']) {
      const res = await register(name, 'some-password', classCode, from('192.0.2.50'));
      expect(res.status, name).toBe(409);
      expect(((await res.json()) as { error: string }).error, name).toMatch(/looks like a role|too close to an existing name|is taken/);
    }
    expect((await register('tessa', 'tessa-password', classCode, from('192.0.2.50'))).status).toBe(201);
  });

  it('limits throw-away accounts: 60 registrations per address per hour', async () => {
    const made = await statuses(Array.from({ length: 60 }, (_, i) => register(`throwaway${i}`, 'throwaway-password', classCode, from('192.0.2.200'))));
    expect(tally(made)).toEqual({ 201: 60 });
    const more = await register('throwaway60', 'throwaway-password', classCode, from('192.0.2.200'));
    expect(more.status).toBe(429);
    expect(((await more.json()) as { error: string }).error).toMatch(/Too many registrations or wrong class codes from this address; try again in \d+ minute/);
  });

  it('lets the teacher close and reopen registration (API and /class form)', async () => {
    expect((await new Person(server.url, 'pupil0', 'pupil-password-0').login(from('192.0.2.1'))).status).toBe(200);
    const pupil = new Person(server.url, 'pupil1', 'pupil-password-1');
    await pupil.login(from('192.0.2.1'));
    expect((await pupil.api('/api/class/registration', { method: 'POST', body: JSON.stringify({ open: false }) })).status).toBe(404);
    const closed = await teacher.api('/api/class/registration', { method: 'POST', body: JSON.stringify({ open: false }) });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ open: false });
    const refused = await register('after', 'after-password', classCode, from('192.0.2.60'));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Registration is closed/);
    const page = await (await teacher.browser('/class')).text();
    expect(page).toMatch(/class="registration-toggle">Open registration/);
    const csrf = await teacher.csrf();
    const reopened = await teacher.browser('/class/registration', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `_csrf=${encodeURIComponent(csrf)}&open=1` });
    expect(reopened.status).toBe(303);
    expect(await (await teacher.browser('/class')).text()).toContain(`<code class="class-code">${classCode}</code>`);
    expect((await register('after', 'after-password', classCode, from('192.0.2.60'))).status).toBe(201);
  });
});

describe('logins that hold', { timeout: 300_000 }, () => {
  it('counts a parallel burst like a sequence: 40 guesses at once from one address, 10 tried', async () => {
    const got = await statuses(Array.from({ length: 40 }, (_, i) => login('pupil2', `wrong-${i}`, from('198.51.100.66'))));
    expect(tally(got)).toEqual({ 401: 10, 429: 30 });
    // The right password from the guessing address waits; from the owner's own machine it works.
    expect((await login('pupil2', 'pupil-password-2', from('198.51.100.66'))).status).toBe(429);
    expect((await login('pupil2', 'pupil-password-2', from('192.0.2.1'))).status).toBe(200);
  });

  it("lets the teacher lift a name's limits (POST /api/class/students/:name/unlock)", async () => {
    const pupil = new Person(server.url, 'pupil3', 'pupil-password-3');
    await pupil.login(from('192.0.2.1'));
    expect((await pupil.api('/api/class/students/pupil2/unlock', { method: 'POST' })).status).toBe(404);
    expect((await teacher.api('/api/class/students/nobody-here/unlock', { method: 'POST' })).status).toBe(404);
    expect((await teacher.api('/api/class/students/pupil2/unlock', { method: 'POST' })).status).toBe(204);
    expect((await login('pupil2', 'pupil-password-2', from('198.51.100.66'))).status).toBe(200);
  });

  it('lets a class of 40 behind one address each mistype twice, then log in', async () => {
    const nat = from('192.0.2.99');
    for (const round of [0, 1]) {
      const wrong = await statuses(Array.from({ length: 40 }, (_, i) => login(`pupil${i}`, `typo-${round}-${i}`, nat)));
      expect(tally(wrong)).toEqual({ 401: 40 });
    }
    const right = await statuses(Array.from({ length: 40 }, (_, i) => login(`pupil${i}`, `pupil-password-${i}`, nat)));
    expect(tally(right)).toEqual({ 200: 40 });
  });

  it("limits one name's failures from many addresses, but never on a machine the person logged in from", async () => {
    // 98 addresses, one guess each at pupil4's password, after pupil4's own 2 typos from the class's
    // address (unknown then): the name-wide window (100) fills.
    for (const half of [0, 49]) {
      const sprayed = await statuses(Array.from({ length: 49 }, (_, i) => login('pupil4', `spray-${half + i}`, from(`100.64.0.${half + i}`))));
      expect(tally(sprayed)).toEqual({ 401: 49 });
    }
    expect((await login('pupil4', 'pupil-password-4', from('100.64.1.1'))).status).toBe(429);
    // The NAT address pupil4 logged in from before (the class test) is known: no wait there.
    expect((await login('pupil4', 'pupil-password-4', from('192.0.2.99'))).status).toBe(200);
  });

  it('keeps a browser with its device cookie out of reach of guesses from its own address', async () => {
    const first = await login('pupil5', 'pupil-password-5', from('192.0.2.77'));
    expect(first.status).toBe(200);
    const device = /sg_device=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0];
    expect(device).toBeDefined();
    // A classmate behind the same address fills pupil5's window there.
    const guesses = await statuses(Array.from({ length: 12 }, (_, i) => login('pupil5', `guess-${i}`, from('192.0.2.77'))));
    expect(tally(guesses)).toEqual({ 401: 10, 429: 2 });
    expect((await login('pupil5', 'pupil-password-5', from('192.0.2.77'))).status).toBe(429);
    expect((await login('pupil5', 'pupil-password-5', { ...from('192.0.2.77'), cookie: device! })).status).toBe(200);
  });

  it('bounds password hashing: static files are served while 40 logins wait, and a bigger burst gets 503 at once', async () => {
    let settled = 0;
    const burst = Array.from({ length: 40 }, (_, i) => login(`stranger${i}`, 'whatever-password', from(`172.16.0.${i}`)).then((r) => {
      settled++;
      return r;
    }));
    // Let the burst reach the server (a pause, not a measurement), then count the logins that finish
    // while one static file is fetched: with two hashes at a time the file waits for at most those.
    await new Promise((r) => setTimeout(r, 500));
    const before = settled;
    const css = await fetch(`${server.url}/static/style.css`);
    expect(css.status).toBe(200);
    await css.arrayBuffer();
    expect(settled - before, 'logins finished while the static file waited').toBeLessThanOrEqual(6);
    expect(settled, 'the static file came after every login was hashed').toBeLessThan(40);
    expect(tally(await statuses(burst))).toEqual({ 401: 40 });

    const flood = await statuses(Array.from({ length: 120 }, (_, i) => login(`flood${i}`, 'whatever-password', from(`172.17.${i >> 8}.${i & 255}`))));
    const counts = tally(flood);
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(120);
    expect(counts[503] ?? 0).toBeGreaterThan(0);
  });

  it('ends logins in flight when the password is reset: no session issued with the old password survives', async () => {
    // Fill the hashing queue so the logins below are still waiting when the reset lands.
    const filler = Array.from({ length: 50 }, (_, i) => login(`filler${i}`, 'whatever-password', from(`172.18.0.${i}`)));
    const inFlight = Array.from({ length: 4 }, () => login('pupil6', 'pupil-password-6', from('192.0.2.1')));
    const db = openDatabase(join(dataDir, 'judge.db'));
    try {
      expect(await resetPassword(db, 'pupil6', 'pupil6-new-password')).toBe(true);
    } finally {
      db.close();
    }
    await statuses(filler);
    let stillValid = 0;
    let toldChanged = 0;
    for (const pending of inFlight) {
      const res = await pending;
      if (res.status === 200) {
        const { token } = (await res.json()) as { token: string };
        if ((await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status === 200) stillValid++;
      } else {
        expect(res.status).toBe(401);
        if (((await res.json()) as { error: string }).error.includes('changed')) toldChanged++;
      }
    }
    expect(stillValid).toBe(0);
    expect(toldChanged).toBeGreaterThan(0);
    expect((await login('pupil6', 'pupil6-new-password', from('192.0.2.1'))).status).toBe(200);
  });

  it('keeps the generated class code across a restart (it is stored in the database)', async () => {
    await server.stop();
    server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE: '', TRUST_PROXY: '1' } });
    expect(server.logs()).toContain(`registration open with the class code ${classCode} (generated`);
  });
});
