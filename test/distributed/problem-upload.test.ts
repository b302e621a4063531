/**
 * Uploading a package in distributed mode (issue 36): the web tier has no judge threads, so the zip
 * travels to a worker through Redis, the worker imports it, and the web tier installs the stored
 * problem from the document the worker wrote, checked. A package whose accepted solution fails is
 * refused with the reason; a worker killed mid-import leaves the job to the next one, stored once;
 * a forged document in place of the worker's result is refused. Real redis-server, real web tier,
 * real worker processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobReturn } from '../../server/distributed/job-payload';
import { encodeProblemDocument, readProblemDocument } from '../../server/distributed/problem-data';
import { connectionOptions, PROBLEM_KEY_PREFIX, QUEUE_NAME } from '../../server/distributed/redis-config';
import { zipFiles } from '../../server/package-format/zip';
import { storedContentHash } from '../../server/problem-store/store';
import { openDatabase } from '../../server/storage/db';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { ROOT, startServer, type RunningServer } from '../helpers/server';
import { smallPackage } from '../problem-store/small-package';

interface ImportView {
  status: 'queued' | 'running' | 'done' | 'refused';
  slug: string | null;
  error?: string;
  solutions: { folder: string; name: string; got: string | null; ok: boolean }[];
  reasons: string[];
}

const SUM = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number);\nconsole.log(a + b);\n";

let redis: RunningRedis;
let web: RunningServer;
let client: Redis;
let worker: LoggedProcess | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-upload-'));

function zipAs(name: string, change?: (files: Map<string, string>) => void): Buffer {
  return zipFiles(smallPackage(change).map((f) => ({ path: `${name}/${f.path}`, data: f.data })));
}

function startWorker(): LoggedProcess {
  return startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], {
    cwd: ROOT,
    name: 'worker',
    // Its own data directory: the upload exists only on the web tier and in Redis.
    env: { ...process.env, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, 'worker'), JUDGE_LOCK_MS: '2000' },
  });
}

async function upload(zip: Buffer): Promise<number> {
  const res = await fetch(`${web.url}/api/problems/import`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: number }).id;
}

async function until(id: number, done: (v: ImportView) => boolean): Promise<ImportView> {
  let v: ImportView | undefined;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    v = (await (await fetch(`${web.url}/api/problems/import/${id}`)).json()) as ImportView;
    if (done(v)) return v;
    if (settled(v)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not get there in time: ${JSON.stringify(v)}`);
}

const settled = (v: ImportView) => v.status === 'done' || v.status === 'refused';

async function slugs(): Promise<string[]> {
  return ((await (await fetch(`${web.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
}

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  web = await startServer({ env: { REDIS_URL: redis.url } });
  worker = startWorker();
  await worker.waitForLog(/judge thread 0 ready/);
}, 180_000);

afterAll(async () => {
  client?.disconnect();
  await worker?.kill();
  await web?.stop();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('uploading a package in distributed mode', { timeout: 120_000 }, () => {
  it('is imported by the worker and stored on the web tier with its solution table; a submission to it is judged AC', async () => {
    const id = await upload(zipAs('sum'));
    const v = await until(id, settled);
    expect(v).toMatchObject({ status: 'done', slug: 'sum', reasons: [] });
    expect(v.solutions.map((r) => [r.folder, r.name, r.got, r.ok])).toEqual([
      ['accepted', 'sum.ts', 'AC', true],
      ['wrong_answer', 'product.ts', 'WA', true],
    ]);
    expect(worker!.logs()).not.toMatch(/refusing problem-import/);
    expect(await slugs()).toContain('sum');
    const s = await submit(web.url, 'sum', SUM);
    expect((await waitForVerdict(web.url, s, 60_000)).verdict).toBe('AC');
    // The zip left Redis with the finished import.
    expect(await client.keys('sg-judge:import-zip:*')).toEqual([]);
  });

  it('refuses a package whose accepted solution fails, with the reason, storing nothing; and a name the web tier already holds', async () => {
    const id = await upload(zipAs('sum-bad', (f) => f.set('submissions/accepted/sum.ts', SUM.replace('a + b', 'a - b'))));
    const v = await until(id, settled);
    expect(v.status).toBe('refused');
    expect(v.reasons.join(' ')).toMatch(/The accepted solution sum\.ts gets WA on test \d/);
    expect(await slugs()).not.toContain('sum-bad');
    // The worker's cache is not the record: the web tier checks the name against its own database.
    const again = await until(await upload(zipAs('sum')), settled);
    expect(again.status).toBe('refused');
    expect(again.reasons).toEqual(['A problem "sum" is already stored; import it under another name (--as NAME), or replace it.']);
  });

  it('a worker killed mid-import: the next worker takes the job, and the problem is stored once', async () => {
    // A second accepted solution spending 500 ms of CPU a test: the import is still running after the first row.
    const slow = `const until = performance.now() + 500; while (performance.now() < until) {}\n${SUM}`;
    const id = await upload(zipAs('sum-slow', (f) => f.set('submissions/accepted/zz-slow.ts', slow)));
    await until(id, (v) => v.status === 'running' && v.solutions.length === 1);
    await worker!.kill();
    worker = startWorker();
    const v = await until(id, settled);
    expect(v).toMatchObject({ status: 'done', slug: 'sum-slow' });
    expect(v.solutions.map((r) => [r.name, r.got])).toEqual([
      ['sum.ts', 'AC'],
      ['zz-slow.ts', 'AC'],
      ['product.ts', 'WA'],
    ]);
    expect(web.logs()).toMatch(/problem-import-\d+: its judge worker stopped answering/);
    expect((await slugs()).filter((s) => s === 'sum-slow')).toHaveLength(1);
    expect(web.logs().match(/problem sum-slow stored from the worker's import/g)).toHaveLength(1);
  });

  it('refuses a forged problem document in place of the worker’s result, storing nothing', async () => {
    await worker!.stop();
    worker = undefined;
    // The "worker" is this test: it answers the job with a document other than the one it names.
    const db = openDatabase(join(web.dataDir, 'judge.db'), { readonly: true });
    const sum = readProblemDocument(db, 'sum')!;
    db.close();
    const tests = sum.tests.map((t) => ({ ...t, expected: '0\n' }));
    const claimed = { ...sum, slug: 'sum-forged' };
    const forged = { ...claimed, tests, contentHash: storedContentHash(claimed.package, tests, claimed.statementEn, claimed.statementZh) };
    const { ref } = encodeProblemDocument(claimed);
    const fake = new Worker<unknown, JobReturn>(
      QUEUE_NAME,
      async (job) => {
        const id = (job.data as { id: number }).id;
        await client.set(PROBLEM_KEY_PREFIX + ref.digest, encodeProblemDocument(forged).blob);
        return { attempt: job.attemptsStarted, worker: 'forger', failureTexts: [], importedProblem: ref, final: { type: 'problem-import-done', id, result: { outcome: 'stored', slug: 'sum-forged', rows: [], reasons: [], notes: [] } } };
      },
      { connection: connectionOptions({ url: redis.url, lockMs: 5_000, stalledIntervalMs: 2_500 }) },
    );
    try {
      const id = await upload(zipAs('sum-forged'));
      const v = await until(id, settled);
      expect(v.status).toBe('refused');
      expect(v.error).toMatch(/The judge worker's result could not be used: its data in Redis has digest \w+, not the job's \w+/);
      expect(await slugs()).not.toContain('sum-forged');
      const check = openDatabase(join(web.dataDir, 'judge.db'), { readonly: true });
      expect(check.prepare("SELECT COUNT(*) AS n FROM tests WHERE problem = 'sum-forged'").get()).toEqual({ n: 0 });
      check.close();
    } finally {
      await fake.close();
    }
  });
});
