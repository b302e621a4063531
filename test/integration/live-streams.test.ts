import { readdirSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * Issue 48, item 1: event streams are capped per person (16 per account), the rest answered 429
 * with a sentence; another person is still served; closing gives the slots back, and the server's
 * descriptors return to where they were. A page's one stream (/live) carries several topics.
 */
let server: RunningServer;
let tess: Person;
let ann: Person;
let bob: Person;
let setId: number;

interface Stream {
  status: number;
  /** What arrived so far (the whole body of a refusal). */
  text: () => string;
  ended: Promise<void>;
  close: () => void;
}

/** One stream on its own connection, as a browser tab opens it; resolves once the first bytes arrive. */
function openStream(path: string, who: Person, lang = 'en'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { agent: false, headers: { authorization: `Bearer ${who.token}`, cookie: `lang=${lang}`, accept: 'text/event-stream' } }, (res) => {
      let text = '';
      let settled = false;
      const ended = new Promise<void>((done) => res.on('close', done));
      const stream: Stream = { status: res.statusCode!, text: () => text, ended, close: () => req.destroy() };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (!settled && res.statusCode === 200) (settled = true), resolve(stream);
      });
      res.on('end', () => {
        if (!settled) (settled = true), resolve(stream);
      });
    });
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
  });
}

const descriptors = (): number => readdirSync(`/proc/${server.process.pid}/fd`).length;

async function settle(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still not ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-live-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  for (const name of ['ann', 'bob']) expect((await accountsCli(dataDir, ['add-student', name], `${name}-password\n`)).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  tess = new Person(server.url, 'tess', 'teacher-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [tess, ann, bob]) expect((await p.login()).status).toBe(200);
  const made = await tess.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Live', problems: ['nim'] }) });
  expect(made.status).toBe(201);
  setId = ((await made.json()) as { id: number }).id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('event streams per person', { timeout: 120_000 }, () => {
  it('serves 16 streams of one student at once and refuses the rest with 429; others are served; closing frees the slots', async () => {
    const before = descriptors();
    // Twenty at once from ann, on the old address and the page's one stream alike.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => openStream(i % 2 ? `/sets/${setId}/events` : `/live?topic=set:${setId}`, ann)));
    const held = burst.filter((s) => s.status === 200);
    const refused = burst.filter((s) => s.status !== 200);
    expect(held.length).toBe(16);
    expect(refused.map((s) => s.status)).toEqual([429, 429, 429, 429]);
    expect(refused[0]!.text()).toContain('You already have 16 live connections open (pages that update by themselves); close some tabs, or reload this page later.');
    const zh = await openStream(`/sets/${setId}/events`, ann, 'zh');
    expect(zh.status).toBe(429);
    expect(zh.text()).toContain('你已经打开了 16 个实时连接');
    // Another student and the teacher are not concerned.
    const others = await Promise.all([openStream(`/sets/${setId}/events`, bob), openStream('/class/events', tess), openStream(`/live?topic=class&topic=set:${setId}`, tess)]);
    expect(others.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(descriptors()).toBeGreaterThanOrEqual(before + 19);

    // Closing ann's streams gives her slots back, and the server's descriptors with them.
    for (const s of held) s.close();
    await Promise.all(held.map((s) => s.ended));
    await settle(() => descriptors() <= before + 3, 'back to the descriptors before (plus the three others)');
    const again = await Promise.all(Array.from({ length: 16 }, () => openStream(`/sets/${setId}/events`, ann)));
    expect(again.map((s) => s.status)).toEqual(Array(16).fill(200));
    for (const s of [...again, ...others]) s.close();
    await settle(() => descriptors() <= before, 'back to the descriptors before');
  });

  it("carries a submission's judging and a standings table on one stream, which ends only with its last topic", async () => {
    const sent = await bob.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO }) });
    const { id } = (await sent.json()) as { id: number };
    // Alone, the submission's topic ends the stream once judged ("end": the page does not reconnect).
    const alone = await openStream(`/live?topic=submission:${id}`, bob);
    expect(alone.status).toBe(200);
    await alone.ended;
    expect(alone.text()).toMatch(/event: done\ndata: \{"status":"done","text":"Wrong answer on test 1"/);
    expect(alone.text()).toMatch(/event: end\n/);
    // With the set's table beside it, the stream stays for the table after the submission's done.
    const both = await openStream(`/live?topic=submission:${id}&topic=set:${setId}`, bob);
    await settle(() => both.text().includes('event: done'), 'told the submission is done');
    await new Promise((r) => setTimeout(r, 300));
    expect(both.text()).not.toContain('event: end');
    both.close();
    // Someone else's submission is no topic of ann's (the same 404 as a missing one); a bad topic is a 400.
    expect((await openStream(`/live?topic=submission:${id}`, ann)).status).toBe(404);
    expect((await openStream('/live?topic=class', ann)).status).toBe(404);
    expect((await openStream('/live?topic=nothing:1', ann)).status).toBe(400);
  });
});
