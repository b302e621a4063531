import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

/**
 * With one judge thread, a long lab table gives the thread to a waiting submission between its
 * slices (as stress runs do between batches) and then goes on from where it was: the submission's
 * verdict comes while the table is still unfinished, whatever the machine's speed.
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

const labJob = async (id: number) => (await (await fetch(`${server.url}/api/lab/${id}`)).json()) as { status: string; progress: number | null; error: string | null };

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (const deadline = Date.now() + 120_000; ; ) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a lab job on the only judge thread', () => {
  it('yields to a submission that arrives while it runs, and then goes on', async () => {
    // 0.6 to 400,000: about 4·10^10 options, far more than its 60 s budget on any machine.
    const res = await fetch(`${server.url}/api/lab`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ octal: '0.6', to: 400_000 }) });
    expect(res.status).toBe(202);
    const lab = ((await res.json()) as { id: number }).id;
    const running = await until('the lab job to compute', () => labJob(lab), (j) => j.status === 'running' && j.progress !== null);
    expect(running.error).toBeNull();

    const id = await submit(server.url, 'nim', acceptedNim());
    const verdict = await waitForVerdict(server.url, id);
    expect(verdict.verdict).toBe('AC');
    // The order of events: the verdict is in, the table is not finished.
    const atVerdict = await labJob(lab);
    expect(['queued', 'running'], JSON.stringify(atVerdict)).toContain(atVerdict.status);

    // It takes the thread back and goes on from where it was (its progress keeps growing).
    const resumed = await until('the lab job to go on', () => labJob(lab), (j) => j.status === 'running' && j.progress !== null && j.progress > running.progress!);
    expect(resumed.error).toBeNull();
    expect(server.logs()).not.toMatch(/interrupted|judge error/);
    expect((await fetch(`${server.url}/api/lab/${lab}/cancel`, { method: 'POST' })).status).toBe(200);
  });
});
