/**
 * Distributed mode with languages: a worker announces the languages it judges; a C++ submission
 * waits, with a sentence on its page, while only a worker without g++ is connected, and is judged
 * as soon as one with g++ joins.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath } from '../../server/languages/detect';
import { getSubmission, waitForVerdict } from '../helpers/judge-client';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

let redis: RunningRedis;
let web: RunningServer;
const workers: LoggedProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-lang-'));

function startWorker(name: string, path: string): LoggedProcess {
  const w = startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], {
    cwd: ROOT,
    name,
    env: { ...process.env, PATH: path, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, name), JUDGE_LOCK_MS: '3000' },
  });
  workers.push(w);
  return w;
}

async function languages(): Promise<{ id: string; available: boolean; reason?: string }[]> {
  return (await (await fetch(`${web.url}/api/languages`)).json()) as never;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
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

const NIM_CPP = `#include <bits/stdc++.h>
int main() { int t; std::cin >> t; while (t--) { int n, x = 0; std::cin >> n; for (int i = 0; i < n; i++) { int a; std::cin >> a; x ^= a; } std::cout << (x ? "Yes" : "No") << "\\n"; } }
`;

describe('judge workers announce their languages', () => {
  it('a C++ submission waits for a worker with g++, saying so, and is judged by it', async () => {
    // Worker A: a C compiler (for the native runner) and nothing else on its PATH.
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    symlinkSync(findOnPath('cc', process.env.PATH)[0]!, join(bin, 'cc'));
    const a = startWorker('worker-a', bin);
    await a.waitForLog(/language cpp17: /, 120_000);
    await waitFor(async () => (await languages()).some((l) => l.id === 'typescript' && l.available) && (await languages()).find((l) => l.id === 'cpp17')!.reason !== undefined, 'the web tier to hear worker A');
    expect((await languages()).find((l) => l.id === 'cpp17')).toMatchObject({ available: false, reason: 'No judge worker runs C++ at the moment: this waits until one that does is connected.' });

    const res = await fetch(`${web.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: NIM_CPP, language: 'cpp17' }) });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await new Promise((r) => setTimeout(r, 3000));
    expect((await getSubmission(web.url, id)).status).toBe('queued');
    expect(await (await fetch(`${web.url}/submissions/${id}`)).text()).toContain('No judge worker runs C++ at the moment');

    startWorker('worker-b', process.env.PATH!);
    const done = await waitForVerdict(web.url, id, 120_000);
    expect(done.verdict).toBe('AC');
    await waitFor(async () => (await languages()).find((l) => l.id === 'cpp17')!.available, 'the web tier to hear worker B');
  });
});
