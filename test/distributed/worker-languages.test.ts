/**
 * Distributed mode with languages: a worker announces the languages it judges; a C++ submission
 * waits, with a sentence on its page, while only a worker without g++ is connected, and is judged
 * as soon as one with g++ joins.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findOnPath } from '../../server/languages/detect';
import { getSubmission, waitForVerdict } from '../helpers/judge-client';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { NIM_CPP } from '../helpers/languages';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

let redis: RunningRedis;
let web: RunningServer;
const workers: LoggedProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-lang-'));

const workerEnv = (name: string, path: string) => ({ ...process.env, PATH: path, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, name), JUDGE_LOCK_MS: '3000' });
const startWorker = (name: string, path: string): LoggedProcess => {
  const w = startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], { cwd: ROOT, name, env: workerEnv(name, path) });
  workers.push(w);
  return w;
};

const cpp17 = async () => ((await (await fetch(`${web.url}/api/languages`)).json()) as { id: string; available: boolean; reason?: string }[]).find((l) => l.id === 'cpp17')!;

beforeAll(async () => {
  redis = await startRedis();
  web = await startServer({ env: { REDIS_URL: redis.url }, problems: ['nim'] });
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([...workers.map((w) => w.kill()), web?.stop()]);
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('judge workers announce their languages', () => {
  it('a C++ submission waits for a worker with g++, saying so, and is judged by it', async () => {
    // Worker A: a C compiler (for the native runner) and nothing else on its PATH.
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    symlinkSync(findOnPath('cc', process.env.PATH)[0]!, join(bin, 'cc'));
    const a = startWorker('worker-a', bin);
    await a.waitForLog(/language cpp17: /, 120_000);
    // The web tier has heard worker A (no C++) once it reports it in /api/health.
    await vi.waitFor(async () => expect(((await (await fetch(`${web.url}/api/health`)).json()) as { workers: unknown[] }).workers.length).toBeGreaterThan(0), { timeout: 60_000, interval: 200 });
    expect(await cpp17()).toMatchObject({ available: false, reason: 'No judge worker runs C++ at the moment: this waits until one that does is connected.' });

    const res = await fetch(`${web.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: NIM_CPP, language: 'cpp17' }) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await new Promise((r) => setTimeout(r, 3000));
    expect((await getSubmission(web.url, id)).status).toBe('queued');
    expect(await (await fetch(`${web.url}/submissions/${id}`)).text()).toContain('No judge worker runs C++ at the moment');

    startWorker('worker-b', process.env.PATH!);
    const done = await waitForVerdict(web.url, id, 120_000);
    expect(done.verdict).toBe('AC');
    await vi.waitFor(async () => expect((await cpp17()).available).toBe(true), { timeout: 60_000, interval: 200 });
  });
});
