import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_LINE, removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

/**
 * The first start on an empty data directory: the server answers while the problem packages are
 * still being built. The build is held back by the SG_TEST_BUILD_GATE hook until the test
 * creates the gate file, so what the test sees does not depend on how fast the build is.
 */
describe('first start: the server serves while problems are being built', () => {
  let server: RunningServer;
  let gate: string;

  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-first-start-'));
    gate = join(dataDir, 'build-gate');
    server = await startServer({ dataDir, workers: 1, waitFor: 'listening', env: { SG_TEST_BUILD_GATE: gate } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('lists what is ready, says the rest is being built, refuses submissions with 503, then serves everything', async () => {
    const problems = await fetch(`${server.url}/api/problems`);
    expect(problems.status).toBe(200);
    expect(await problems.json()).toEqual([]);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ problems: { ready: 0, total: 1 } });

    const list = await (await fetch(`${server.url}/problems`)).text();
    expect(list).toContain('1 problems are still being built');
    const page = await fetch(`${server.url}/problems/nim`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('This problem is being built — ready in a few seconds.');
    expect(html).toContain('/static/problem-building.js');
    const zh = await (await fetch(`${server.url}/problems/nim`, { headers: { cookie: 'lang=zh' } })).text();
    expect(zh).toContain('这道题目正在构建——几秒钟后就绪。');

    // Nothing is stored for a problem without tests yet: the client is told to try again.
    const refused = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: acceptedNim() }) });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'This problem is still being built; try again in a few seconds.', id: 'error.still-building', args: [] });
    const sampleRun = await fetch(`${server.url}/api/sample-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: acceptedNim() }) });
    expect(sampleRun.status).toBe(503);
    expect(((await (await fetch(`${server.url}/api/submissions`)).json()) as unknown[]).length).toBe(0);
    // All of the above was answered before the build began, so before the readiness line.
    expect(server.logs()).not.toMatch(READY_LINE);

    writeFileSync(gate, '');
    await server.waitForLog(READY_LINE, 120_000);
    expect(server.logs()).toMatch(/all 1 problems ready in [\d.]+ s/);
    expect(((await (await fetch(`${server.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug)).toEqual(['nim']);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ problems: { ready: 1, total: 1 } });
    const ready = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(ready).not.toContain('being built');
    expect(await (await fetch(`${server.url}/problems`)).text()).not.toContain('still being built');
    const accepted = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: acceptedNim() }) });
    expect(accepted.status).toBe(201);
  }, 180_000);
});
