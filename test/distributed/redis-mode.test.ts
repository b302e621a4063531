/**
 * Distributed mode against a real Redis: the web tier (REDIS_URL set, no judge threads) and judge
 * worker processes (`npm run judge-worker`), each a real process on this machine.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubmission, submit, submitFrom, waitForVerdict } from '../helpers/judge-client';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

const CORRECT = `
const data = require('fs').readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
let p = 0; const t = data[p++]; const out: string[] = [];
for (let i = 0; i < t; i++) { const n = data[p++]; let x = 0; for (let j = 0; j < n; j++) x ^= data[p++]; out.push(x ? 'Yes' : 'No'); }
console.log(out.join('\\n'));
`;
const WRONG = `console.log('No');`;
/** Correct, but spends about 150 ms of CPU per test: a whole submission takes seconds. */
const SLOW_CORRECT = `const until = performance.now() + 150; while (performance.now() < until) {}\n${CORRECT}`;

let redis: RunningRedis;
let web: RunningServer;
const workers: LoggedProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-'));

function startWorker(name: string, root = ROOT): LoggedProcess {
  const w = startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], {
    cwd: root,
    name,
    env: { ...process.env, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, name), JUDGE_LOCK_MS: '3000' },
  });
  workers.push(w);
  return w;
}

async function health(): Promise<{ mode: string; workers: { id: string; threads: number; busy: number }[]; queued: number; oldestQueuedMs: number }> {
  return (await (await fetch(`${web.url}/api/health`)).json()) as never;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  redis = await startRedis();
  web = await startServer({ env: { REDIS_URL: redis.url } });
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.kill()));
  await web?.stop();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('distributed mode (BullMQ on Redis)', () => {
  it('runs no judge thread in the web tier; with no worker, submissions wait and the page says no judge is connected', async () => {
    expect(web.logs()).toMatch(/distributed mode/);
    expect(web.logs()).not.toMatch(/judge thread \d+ ready/);
    const h = await health();
    expect(h.mode).toBe('redis');
    expect(h.workers).toEqual([]);
    const id = await submit(web.url, 'nim', CORRECT);
    await new Promise((r) => setTimeout(r, 4000));
    expect((await getSubmission(web.url, id)).status).toBe('queued');
    const page = await (await fetch(`${web.url}/submissions/${id}`)).text();
    expect(page).toContain('No judge is connected');
    const after = await health();
    expect(after.queued).toBeGreaterThanOrEqual(1);
    expect(after.oldestQueuedMs).toBeGreaterThan(1000);
  });

  it("clients take turns: a second client's submission goes before most of another's flood", async () => {
    // Queued while no worker is connected, so the order is the queue's alone.
    const FLOOD = 30;
    const flood: number[] = [];
    for (let i = 0; i < FLOOD; i++) flood.push(await submitFrom(web.url, '127.0.0.2', 'nim', `// flood ${i}\n${WRONG}`));
    const other = await submitFrom(web.url, '127.0.0.3', 'nim', `// the other client\n${WRONG}`);
    const w = startWorker('w0');
    await w.waitForLog(/judge thread 0 ready/);
    expect((await waitForVerdict(web.url, other, 120_000)).verdict).toBe('WA');
    const left = (await Promise.all(flood.map((id) => getSubmission(web.url, id)))).filter((s) => s.status !== 'done').length;
    // First in, first out would have judged the whole flood first.
    expect(left, `${left} of the flood still waiting when the other client's verdict came`).toBeGreaterThanOrEqual(FLOOD / 2);
    for (const id of flood) expect((await waitForVerdict(web.url, id, 120_000)).verdict).toBe('WA');
    await w.stop();
  }, 300_000);

  it('judges 50 submissions on two worker processes with the right verdicts', async () => {
    const a = startWorker('w1');
    const b = startWorker('w2');
    await Promise.all([a.waitForLog(/judge thread 0 ready/), b.waitForLog(/judge thread 0 ready/)]);
    await waitFor(async () => (await health()).workers.length === 2, 'two workers in /api/health');
    const ids: { id: number; expected: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const ok = i % 2 === 0;
      ids.push({ id: await submit(web.url, 'nim', ok ? CORRECT : WRONG), expected: ok ? 'AC' : 'WA' });
    }
    for (const { id, expected } of ids) expect((await waitForVerdict(web.url, id, 180_000)).verdict).toBe(expected);
    // Both workers took jobs.
    const judgedBy = (await health()).workers.map((w) => w.id);
    expect(judgedBy).toHaveLength(2);
    const first = await getSubmission(web.url, ids[1]!.id);
    expect(first.failedTest).toBe(1);
    const expectedText = await (await fetch(`${web.url}/submissions/${ids[1]!.id}/expected.txt`)).text();
    expect(expectedText.length).toBeGreaterThan(0);
  }, 300_000);

  it('a worker killed mid-submission: another judges it from the start, and every submission ends with one verdict', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(web.url, 'nim', SLOW_CORRECT));
    // Wait until some worker is running tests, then kill the busy one(s) but one.
    await waitFor(async () => (await Promise.all(ids.map((id) => getSubmission(web.url, id)))).some((s) => s.status === 'running' && s.tests.length > 0), 'a submission running');
    const victim = workers.find((w) => w.process.exitCode === null)!;
    await victim.kill();
    const replacement = startWorker('w3');
    await replacement.waitForLog(/judge thread 0 ready/);
    for (const id of ids) {
      const s = await waitForVerdict(web.url, id, 240_000);
      expect(s.verdict).toBe('AC');
      // One row per test, each once: the dead attempt's rows are gone.
      const indexes = s.tests.map((t) => t.index);
      expect(new Set(indexes).size).toBe(indexes.length);
      expect(indexes).toEqual([...indexes].sort((x, y) => x - y));
      expect(indexes[0]).toBe(1);
    }
    // The web tier saw the dead worker's job taken back (BullMQ's stalled-job check).
    expect(web.logs()).toMatch(/its judge worker stopped answering; another worker takes it from the start/);
  }, 400_000);

  it('Redis restarted mid-queue: queued jobs survive and are judged', async () => {
    // Stop every worker so that jobs stay queued across the restart.
    await Promise.all(workers.map((w) => w.stop()));
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await submit(web.url, 'nim', i % 2 ? WRONG : CORRECT));
    await new Promise((r) => setTimeout(r, 1000));
    await redis.restart();
    const w = startWorker('w4');
    await w.waitForLog(/judge thread 0 ready/);
    for (let i = 0; i < ids.length; i++) expect((await waitForVerdict(web.url, ids[i]!, 180_000)).verdict).toBe(i % 2 ? 'WA' : 'AC');
    // The web tier reconnected: a submission made now is judged too.
    expect((await waitForVerdict(web.url, await submit(web.url, 'nim', CORRECT), 120_000)).verdict).toBe('AC');
  }, 400_000);

  it('an SG lab job with student code goes through Redis to a worker, and its table comes back', async () => {
    // The web tier runs no judge thread: only a worker can compute this.
    const w = startWorker('lab');
    await w.waitForLog(/judge thread 0 ready/);
    const dawson = 'export function options(n: number): number[][] {\n  const out: number[][] = [];\n  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);\n  return out;\n}\n';
    const res = await fetch(`${web.url}/api/lab`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: dawson, to: 120, conjecture: 'export default (n: number) => n % 5 < 2 ? 0 : 1;' }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: number };
    let job: any;
    await waitFor(async () => {
      job = await (await fetch(`${web.url}/api/lab/${id}`)).json();
      return job.status === 'done' || job.status === 'failed';
    }, `lab job ${id}`, 120_000);
    expect(job.status, job.error).toBe('done');
    expect(job.result.values.slice(0, 8)).toEqual([0, 0, 1, 1, 2, 0, 3, 1]);
    expect(job.result.conjecture).toMatchObject({ holds: false, state: [4], expected: 2, got: 1 });
    await w.stop();
  }, 300_000);

  it('a rejudge goes through Redis to a worker like any job, and its verdicts come back', async () => {
    const w = startWorker('rejudge');
    await w.waitForLog(/judge thread 0 ready/);
    const right = await submit(web.url, 'nim', CORRECT);
    const wrong = await submit(web.url, 'nim', WRONG);
    for (const id of [right, wrong]) await waitForVerdict(web.url, id, 120_000);
    // The web tier runs no judge thread: only the worker can judge the items.
    for (const [id, verdict] of [[right, 'AC'], [wrong, 'WA']] as const) {
      const res = await fetch(`${web.url}/api/rejudge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ submission: id }) });
      expect(res.status).toBe(202);
      const rejudge = ((await res.json()) as { id: number }).id;
      let r: { status: string; done: number; changed: unknown[] } | undefined;
      await waitFor(async () => (r = (await (await fetch(`${web.url}/api/rejudge/${rejudge}`)).json()) as typeof r)!.status === 'done', `rejudge ${rejudge}`, 120_000);
      expect(r).toMatchObject({ done: 1, changed: [] });
      expect(await getSubmission(web.url, id)).toMatchObject({ verdict, rejudged: [{ rejudge, before: verdict, after: verdict }] });
    }
    await w.stop();
  }, 300_000);

  it('a worker with a different version of the package refuses its jobs with a clear log line', async () => {
    await Promise.all(workers.map((w) => w.stop()));
    // A checkout whose nim package differs from the web tier's.
    const other = join(scratch, 'other-checkout');
    mkdirSync(other);
    for (const entry of ['server', 'problems', 'reference', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, entry), join(other, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(other, 'node_modules'));
    const statement = join(other, 'problems/nim/statement.en.md');
    writeFileSync(statement, `${readFileSync(statement, 'utf8')}\nA changed sentence.\n`);
    const stale = startWorker('stale', other);
    await stale.waitForLog(/judge thread 0 ready/);
    const id = await submit(web.url, 'nim', CORRECT);
    await stale.waitForLog(/refusing submission-\d+: problem nim is version \w+ in this checkout, but the web tier judges it against version \w+/, 60_000);
    expect((await getSubmission(web.url, id)).status).toBe('queued');
    const good = startWorker('w5');
    expect((await waitForVerdict(web.url, id, 180_000)).verdict).toBe('AC');
    await good.stop();
    await stale.stop();
  }, 400_000);
});
