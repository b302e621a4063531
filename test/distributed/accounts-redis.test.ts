/**
 * Accounts mode with judge workers on Redis: a student's saved test travels with that student's
 * jobs only, and the queue's turns are by person.
 */
import Database from 'better-sqlite3';
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

  it('takes turns by person across every kind: another student goes before a flood of sample runs, invocations and submissions', async () => {
    const ann = new Person(web.url, 'ann', 'ann-password');
    const bob = new Person(web.url, 'bob', 'bob-password');
    await ann.login();
    await bob.login();
    const LOOP = 'while (true) {}\n';
    const post = async (p: Person, path: string, body: unknown) => {
      const res = await p.api(path, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, path).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    // Looping programs: each holds the worker's one thread for a time limit, so the flood still waits when bob submits.
    for (let i = 0; i < 4; i++) await post(ann, '/api/invocations', { problem: 'nim', source: `// ${i}\n${LOOP}`, input: '1\n2\n3 3\n' });
    for (let i = 0; i < 4; i++) await post(ann, '/api/sample-runs', { problem: 'nim', source: `// ${i}\n${LOOP}` });
    for (let i = 0; i < 6; i++) await post(ann, '/api/submissions', { problem: 'nim', source: `// ${i}\n${LOOP}` });
    const db = new Database(join(scratch, 'web', 'judge.db'), { readonly: true });
    const tables = ['invocations', 'sample_runs', 'submissions'];
    const waiting = tables.flatMap((t) => (db.prepare(`SELECT id FROM ${t} WHERE status = 'queued' AND owner = (SELECT id FROM accounts WHERE name = 'ann')`).all() as { id: number }[]).map((r) => `${t}:${r.id}`));
    expect(waiting.length).toBeGreaterThanOrEqual(8);
    const mine = await post(bob, '/api/submissions', { problem: 'nim', source: "console.log('No');\n" });
    for (;;) {
      const s = (await bob.json<{ status: string }>(`/api/submissions/${mine}`)).body;
      if (s.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const at = (db.prepare('SELECT finished_at AS f FROM submissions WHERE id = ?').get(mine) as { f: number }).f;
    const before = waiting.filter((j) => {
      const [t, id] = j.split(':') as [string, string];
      const f = (db.prepare(`SELECT finished_at AS f FROM ${t} WHERE id = ?`).get(Number(id)) as { f: number | null }).f;
      return f !== null && f < at;
    });
    db.close();
    // Kinds first (every sample run and invocation before any submission) served them all first;
    // ranks by person serve bob's first job before ann's second. The web tier hears nothing of an
    // invocation until it ends, so the one already on the worker's only thread still reads 'queued'.
    expect(before.length, `served before bob's submission: ${before.join(' ')}`).toBeLessThanOrEqual(1);
  });
});
