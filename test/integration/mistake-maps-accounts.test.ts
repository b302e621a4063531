import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * Mistake maps in accounts mode: a map belongs to the submission's author (whoever asked for it);
 * a student sees only their own, a stranger's id is as missing as an unknown one, and a teacher
 * sees every map and the class view.
 */
const CLASS_CODE = 'maps-class-code';
let server: RunningServer;
let teacher: Person;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-maps-accounts-'));
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, problems: ['bash-game'], env: { ACCOUNTS: 'on', CLASS_CODE } });
  for (const name of ['ann', 'bob']) {
    const res = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: `${name}-password`, classCode: CLASS_CODE }) });
    expect(res.status).toBe(201);
  }
  teacher = new Person(server.url, 'tess', 'teacher-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [teacher, ann, bob]) expect((await p.login()).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function until<T>(f: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const v = await f();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('mistake maps and who sees them', { timeout: 180_000 }, () => {
  it("keeps a student's map to that student and the teacher", async () => {
    const source = readFileSync(join(ROOT, 'problems/bash-game/wrong/odd-parity.ts'), 'utf8');
    const sent = await ann.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'bash-game', source }) });
    const sub = ((await sent.json()) as { id: number }).id;
    await until(async () => ((await ann.json<{ status: string }>(`/api/submissions/${sub}`)).body.status === 'done' ? true : null));

    // Bob cannot ask for a map of Ann's submission: it does not exist for him.
    const stranger = await bob.api('/api/mistake-maps', { method: 'POST', body: JSON.stringify({ submission: sub }) });
    expect(stranger.status).toBe(404);
    // The teacher asks; the map is Ann's.
    const asked = await teacher.api('/api/mistake-maps', { method: 'POST', body: JSON.stringify({ submission: sub }) });
    expect(asked.status).toBe(201);
    const id = ((await asked.json()) as { id: number }).id;
    const done = await until(async () => {
      const r = await ann.json<{ status: string; disagree: number }>(`/api/mistake-maps/${id}`);
      return r.body.status === 'done' ? r : null;
    });
    expect(done).toMatchObject({ status: 200, body: { disagree: 250 } });
    expect((await bob.api(`/api/mistake-maps/${id}`)).status).toBe(404);
    expect(((await (await bob.api(`/api/mistake-maps/${id}`)).json()) as { error: string }).error).toBe(`There is no mistake map ${id}.`);
    expect((await bob.browser(`/mistake-maps/${id}`)).status).toBe(404);
    expect((await teacher.api(`/api/mistake-maps/${id}`)).status).toBe(200);

    // A student's own source: theirs alone.
    const own = await bob.api('/api/mistake-maps', { method: 'POST', body: JSON.stringify({ problem: 'bash-game', source }) });
    const bobs = ((await own.json()) as { id: number }).id;
    expect((await ann.api(`/api/mistake-maps/${bobs}`)).status).toBe(404);

    // The class view is the teacher's only.
    expect((await teacher.browser('/class/mistakes')).status).toBe(200);
    expect((await ann.browser('/class/mistakes')).status).toBe(404);
  });
});
