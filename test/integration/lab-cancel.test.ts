import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_JOB_MS } from '../../server/lab/lab';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * Cancelling a lab job while its table computes stops the table between two slices: the same
 * person's next job takes the only judge thread at once, rather than after the big table's budget.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim'] });
  await server.waitForLog(/judge thread 0 ready/, 120_000);
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Job { status: string; progress: number | null; error: string | null }
const labJob = async (id: number) => (await (await fetch(`${server.url}/api/lab/${id}`)).json()) as Job;
const ask = async (body: object): Promise<number> => {
  const res = await fetch(`${server.url}/api/lab`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: number }).id;
};

async function until(what: string, id: number, ok: (j: Job) => boolean): Promise<Job> {
  for (const deadline = Date.now() + 120_000; ; ) {
    const j = await labJob(id);
    if (ok(j)) return j;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('cancelling a running lab job', { timeout: 150_000 }, () => {
  it('stops its table between slices, so the next job of the same person starts before the table would have ended', async () => {
    // 0.6 (no period known) to the lab's largest bound, 10^6: about 2.5·10^11 options, several times
    // its 60 s budget here; left alone it computes until that budget runs out.
    const big = await ask({ octal: '0.6', to: 1_000_000 });
    await until('the big table to compute', big, (j) => j.status === 'running' && j.progress !== null);
    // Over the quick path's work (a job of its own), and done in well under a second of computing.
    const next = await ask({ octal: '0.6', to: 5_000 });
    expect((await labJob(next)).status).toBe('queued');

    expect((await fetch(`${server.url}/api/lab/${big}/cancel`, { method: 'POST' })).status).toBe(200);
    const done = await until('the next job', next, (j) => j.status === 'done' || j.status === 'failed');
    expect([done.status, done.error]).toEqual(['done', null]);
    expect([(await labJob(big)).status, (await labJob(big)).error]).toEqual(['failed', 'Cancelled.']);

    // The order of events, as stored: the big table started, was cancelled, and the next job
    // started after the cancel but before the big table's own budget could have run out.
    const db = new Database(join(server.dataDir, 'judge.db'), { readonly: true });
    try {
      const row = (id: number) => db.prepare('SELECT started_at AS startedAt, finished_at AS finishedAt FROM lab_jobs WHERE id = ?').get(id) as { startedAt: number; finishedAt: number };
      const [a, b] = [row(big), row(next)];
      expect(b.startedAt).toBeGreaterThanOrEqual(a.finishedAt);
      expect(b.startedAt).toBeLessThan(a.startedAt + BUILTIN_JOB_MS);
    } finally {
      db.close();
    }
    expect(server.logs()).not.toMatch(/interrupted|judge error/);
  });
});
