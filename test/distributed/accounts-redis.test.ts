/**
 * Accounts mode with judge workers on Redis: a student's saved test travels with that student's
 * jobs only, and the queue's turns are by person.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

let redis: RunningRedis;
let web: RunningServer;
let worker: LoggedProcess;
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-accounts-'));

beforeAll(async () => {
  redis = await startRedis();
  const dataDir = join(scratch, 'web');
  for (const name of ['ann', 'bob']) expect((await accountsCli(dataDir, ['add-student', name], `${name}-password\n`)).status).toBe(0);
  web = await startServer({ dataDir, env: { REDIS_URL: redis.url, ACCOUNTS: 'on' } });
  worker = startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], {
    cwd: ROOT,
    name: 'worker',
    env: { ...process.env, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, 'worker') },
  });
}, 180_000);

afterAll(async () => {
  await worker?.kill();
  await web?.stop();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Right on every stored test, wrong on exactly one input: the test Ann saves. */
const WRONG_ON_ANNS_TEST = `
const text = require('fs').readFileSync(0, 'utf8');
const data = text.split(/\\s+/).filter(Boolean).map(Number);
let p = 0; const t = data[p++]; const out: string[] = [];
for (let i = 0; i < t; i++) { const n = data[p++]; let x = 0; for (let j = 0; j < n; j++) x ^= data[p++]; out.push(x ? 'Yes' : 'No'); }
console.log(text === '1\\n1\\n777\\n' ? 'No' : out.join('\\n'));
`;

async function judge(p: Person): Promise<{ verdict: string; failedTest: number | null; tests: unknown[] }> {
  const res = await p.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source: WRONG_ON_ANNS_TEST }) });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 240_000;
  for (;;) {
    const s = (await p.json<{ status: string; verdict: string; failedTest: number | null; tests: unknown[] }>(`/api/submissions/${id}`)).body;
    if (s.status === 'done') return s;
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('accounts in distributed mode', { timeout: 400_000 }, () => {
  it("judges a student's saved test on the worker for that student only", async () => {
    const ann = new Person(web.url, 'ann', 'ann-password');
    const bob = new Person(web.url, 'bob', 'bob-password');
    await ann.login();
    await bob.login();
    const added = await ann.api('/api/problems/nim/tests', { method: 'POST', body: JSON.stringify({ input: '1\n1\n777\n' }) });
    expect(added.status).toBe(201);
    const { index } = (await added.json()) as { index: number };
    const annRun = await judge(ann);
    expect(annRun).toMatchObject({ verdict: 'WA', failedTest: index });
    const bobRun = await judge(bob);
    expect(bobRun.verdict).toBe('AC');
    expect(bobRun.tests.length).toBe(index - 1);
  });
});
