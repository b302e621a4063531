import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, slowAcceptedNim } from '../helpers/solutions';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 2 });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Run {
  id: number;
  status: string;
  result: string | null;
  casesRun: number;
  casesTotal: number;
  counterexample: { verdict: string; caseIndex: number } | null;
  error: string | null;
}

async function post(path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A long run: the most cases the API allows (10000), of medium size so it is still going when cancelled. */
const LONG = 10_000;

async function startStress(source: string, cases: number, size = cases === LONG ? 'medium' : 'small'): Promise<number> {
  const { status, json } = await post('/api/stress', { problem: 'nim', source, cases, size, seed: 1 });
  expect(status).toBe(201);
  return json.id as number;
}

async function getRun(id: number): Promise<Run> {
  return (await (await fetch(`${server.url}/api/stress/${id}`)).json()) as Run;
}

async function until(id: number, done: (r: Run) => boolean): Promise<Run> {
  for (;;) {
    const r = await getRun(id);
    if (done(r)) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('stress runs never hang', () => {
  it('report a program that loops forever as TLE on its first case', async () => {
    const id = await startStress('while (true) {}', 1000);
    const run = await until(id, (r) => r.status === 'done');
    expect(run.result).toBe('failed');
    expect(run.counterexample).toMatchObject({ verdict: 'TLE', caseIndex: 0 });
    expect(run.casesRun).toBe(1);
  });

  it('cancel a running run: result "cancelled" with the cases run so far', async () => {
    const id = await startStress(slowAcceptedNim(), LONG);
    await until(id, (r) => r.status === 'running' && r.casesRun > 0);
    const { status, json } = await post(`/api/stress/${id}/cancel`);
    expect(status).toBe(200);
    expect(json.id).toBe(id);
    const run = await until(id, (r) => r.status === 'done');
    expect(run.result).toBe('cancelled');
    expect(run.casesRun).toBeGreaterThan(0);
    expect(run.casesRun).toBeLessThan(LONG);
    expect(run.counterexample).toBeNull();
    // Finished runs cannot be cancelled again.
    const again = await post(`/api/stress/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already finished/);
  });

  it('cancel a queued run at once, and list the problem\'s runs on its page', async () => {
    // With two judge threads a stress run never takes the last free one: the second run waits.
    const first = await startStress(slowAcceptedNim(), LONG);
    const second = await startStress(acceptedNim(), 1000);
    await until(first, (r) => r.status === 'running');
    expect((await getRun(second)).status).toBe('queued');
    const page = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(page).toMatch(new RegExp(`<li data-id="${first}" data-status="running"><a href="/stress/${first}">#${first}</a>`));
    expect(page).toMatch(new RegExp(`<li data-id="${second}" data-status="queued">`));
    const { status } = await post(`/api/stress/${second}/cancel`);
    expect(status).toBe(200);
    const cancelled = await getRun(second);
    expect(cancelled).toMatchObject({ status: 'done', result: 'cancelled', casesRun: 0 });
    // The page's own button (no JavaScript) cancels the first.
    const res = await fetch(`${server.url}/stress/${first}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/stress/${first}`);
    expect((await until(first, (r) => r.status === 'done')).result).toBe('cancelled');
    const after = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(after).toMatch(new RegExp(`<li data-id="${second}" data-status="done">.*cancelled after 0 of 1000`));
  });

  it('answer a cancel of an unknown or malformed run with 404 and 400', async () => {
    expect((await post('/api/stress/999999/cancel')).status).toBe(404);
    const bad = await post('/api/stress/abc/cancel');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/not a stress run/);
  });
});
