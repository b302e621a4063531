import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { openDatabase } from '../../server/storage/db';

/** The contest pages with accounts: what a student sees and may post, as a browser sends it (cookie and CSRF). */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-contest-pages-'));
let server: RunningServer;
let tess: Person, sam: Person;
const MIN = 60_000;

beforeAll(async () => {
  for (const [role, name] of [['add-teacher', 'tess'], ['add-student', 'sam']] as const) {
    const made = await accountsCli(dataDir, [role, name], `${name}-password\n`);
    expect(made.status, made.stderr).toBe(0);
  }
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  tess = new Person(server.url, 'tess', 'tess-password');
  sam = new Person(server.url, 'sam', 'sam-password');
  for (const p of [tess, sam]) expect((await p.login()).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

const make = async (body: object): Promise<number> => {
  const res = await tess.api('/api/contests', { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const form = async (p: Person, path: string, fields: Record<string, string>) =>
  p.browser(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _csrf: await p.csrf(), ...fields }).toString() });

describe('contest pages with accounts', { timeout: 300_000 }, () => {
  it('a student sees the round without the teacher buttons, asks through the form, and may not end it', async () => {
    const running = await make({ name: 'Live', problems: ['nim'], startsAt: Date.now() - 5 * MIN, minutes: 60, rules: 'icpc' });
    const later = await make({ name: 'Later', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 60, rules: 'icpc' });

    const list = await (await sam.browser('/contests')).text();
    expect(list).toContain(`href="/contests/${running}"`);
    expect(list).not.toContain('action="/contests"');
    const page = await (await sam.browser(`/contests/${running}`)).text();
    expect(page).toContain('href="/problems/nim"');
    expect(page).not.toContain('/end"');

    const asked = await form(sam, `/contests/${running}/questions`, { problem: 'nim', text: 'Is 0 a heap?' });
    expect([asked.status, asked.headers.get('location')]).toEqual([303, `/contests/${running}?asked=1#messages`]);
    expect(await (await sam.browser(`/contests/${running}?asked=1`)).text()).toContain('Your question is sent; the answer will appear here.');
    // The teacher sees who asked; the student's own page never names anyone.
    expect(await (await tess.browser(`/contests/${running}`)).text()).toContain('<span class="message-author">sam</span>');
    expect(await (await sam.browser(`/contests/${running}`)).text()).not.toContain('message-author');
    expect((await tess.json<{ messages: { text: string }[] }>(`/api/contests/${running}/messages`)).body.messages.map((m) => m.text)).toEqual(['Is 0 a heap?']);
    // The teacher's page has the answer form under it; the student's buttons answer 403.
    expect(await (await tess.browser(`/contests/${running}`)).text()).toContain('/questions/1/answer"');
    expect((await form(sam, `/contests/${running}/end`, {})).status).toBe(403);
    expect((await form(sam, `/contests`, { name: 'x' })).status).toBe(403);
    // Without the CSRF token a form post is refused.
    expect((await sam.browser(`/contests/${running}/questions`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'text=hi' })).status).toBe(403);

    // Before the start: a countdown, no problems, no board.
    const waiting = await (await sam.browser(`/contests/${later}`)).text();
    expect(waiting).toContain('class="contest-clock"');
    expect(waiting).not.toContain('href="/problems/nim"');
    expect((await sam.browser(`/contests/${later}/board`)).status).toBe(400);
    expect((await tess.browser(`/contests/${later}/board`)).status).toBe(200);
  });

  it('keeps /contests and /api/contests answering with a round stored at the last representable date', async () => {
    // Such a round can no longer be made (the start is bounded at input); one stored before the bound stays readable.
    const db = openDatabase(join(dataDir, 'judge.db'));
    try {
      db.prepare("INSERT INTO contests (name, problems, starts_at, minutes, rules, freeze_minutes, freeze_at, tools, created_at) VALUES ('Far', '[\"nim\"]', 8640000000000000, 600, 'icpc', 30, 8640000000000000 + 570 * 60000, '{}', 0)").run();
    } finally {
      db.close();
    }
    for (const p of [tess, sam]) {
      expect((await p.browser('/contests')).status).toBe(200);
      expect((await p.api('/api/contests')).status).toBe(200);
    }
    const far = (await tess.json<{ contests: { name: string; startsAt: string | null; endsAt: string | null }[] }>('/api/contests')).body.contests.find((c) => c.name === 'Far');
    expect(far).toMatchObject({ startsAt: '+275760-09-13T00:00:00.000Z', endsAt: null });
    expect(await (await tess.browser('/contests')).text()).toContain('Far');
  });
});
