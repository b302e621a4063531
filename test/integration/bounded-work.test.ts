import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * Issue 39's bounded work per request, against a real server in accounts mode: lab options refused
 * by counting (the sentence says so: nothing was listed), compiler output capped where it is made,
 * and one person's lab jobs bounded by a quota that leaves everyone else's alone.
 */
let server: RunningServer;
let ann: Person;
let bob: Person;
const CLASS_CODE = 'bounded-42';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-bounded-'));
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE } });
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [ann, bob]) {
    const r = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: p.name, password: p.password, classCode: CLASS_CODE }) });
    expect(r.status).toBe(201);
    expect((await p.login()).status).toBe(200);
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function post(p: Person, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await p.api(path, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('bounded work per request', { timeout: 300_000 }, () => {
  it('refuses oversized lab options by counting them, and still lists small ones', async () => {
    const ed = await post(ann, '/api/lab/options', { problem: 'ed', state: [1_000_000, 1_000_000] });
    expect(ed.status).toBe(400);
    expect(ed.json.error).toMatch(/1,000,000,000,000 states \(counted, not listed\)/);
    const octal = await post(ann, '/api/lab/options', { octal: `0.${'4'.repeat(32)}`, state: [100_000] });
    expect(octal.status).toBe(400);
    expect(octal.json.error).toMatch(/has [\d,]+ option components \(counted, not listed\), more than the 100,000/);
    const small = await post(ann, '/api/lab/options', { problem: 'ed', state: [3, 4] });
    expect(small.status).toBe(200);
    expect((small.json.options as unknown[]).length).toBe(5);
    const kayles = await post(ann, '/api/lab/options', { octal: '0.77', state: [6] });
    expect(kayles.status).toBe(200);
  });

  it('caps a compile output at its first diagnostics, saying how many more there were', async () => {
    // About 60 KiB of lines that each fail to type-check: thousands of diagnostics.
    const line = (i: number) => `const v${i}: number = "not a number ${i}";\n`;
    let source = 'export {};\n';
    for (let i = 0; Buffer.byteLength(source) < 60 * 1024 - 60; i++) source += line(i);
    const made = await post(ann, '/api/submissions', { problem: 'nim', source });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    const deadline = Date.now() + 180_000;
    let sub: { status: string; verdict: string | null; compileOutput: string | null } = { status: 'queued', verdict: null, compileOutput: null };
    while (Date.now() < deadline && sub.status !== 'done') {
      await new Promise((r) => setTimeout(r, 300));
      sub = (await (await ann.api(`/api/submissions/${id}`)).json()) as typeof sub;
    }
    expect(sub.verdict).toBe('CE');
    expect(Buffer.byteLength(sub.compileOutput!)).toBeLessThanOrEqual(17 * 1024);
    expect(sub.compileOutput!.split('\n').length).toBeLessThanOrEqual(51);
    expect(sub.compileOutput).toMatch(/\n… and [\d,]+ more diagnostics$/);
    expect(sub.compileOutput).toMatch(/^\d+:\d+ error TS2322/);
  });

  it('keeps one person\'s lab jobs to a quota, with a sentence, and leaves another\'s alone', async () => {
    const game = (k: number) => ({ source: `export function options(n: number): number[][] { return n >= ${k} ? [[n - ${k}]] : []; }`, to: 5 });
    // Each is let finish before the next: the quota counts kept jobs, finished ones included, while
    // the per-person cap of waiting work (5, docs/security.md "Fair turns") would refuse a burst first.
    for (let i = 1; i <= 20; i++) {
      const made = await post(ann, '/api/lab', game(i));
      expect(made.status).toBe(202);
      for (let polls = 0; polls < 600; polls++) {
        const job = (await (await ann.api(`/api/lab/${String(made.json.id)}`)).json()) as { status: string };
        if (job.status === 'done' || job.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const over = await post(ann, '/api/lab', game(21));
    expect(over.status).toBe(409);
    expect(over.json.error).toMatch(/You keep 20 lab jobs, the most one person keeps \(20\)/);
    expect((await post(bob, '/api/lab', game(1))).status).toBe(202);
  });
});
