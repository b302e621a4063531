import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoundedCompiler } from '../../server/compile/bounded-compiler';
import { judgingFor } from '../../server/judging/judging';
import { openDatabase } from '../../server/storage/db';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * Issue 36: stress tests, custom inputs and saved tests of stored problems, on the real server with
 * real sandboxes. Published drafts with a teacher's generator: a wrong solution's counterexample is
 * found and shrunk on its text; a generator making an invalid input and a reference crashing are
 * the package's bugs, never the student's verdict.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-stored-stress-'));
let server: RunningServer;

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function until<T>(path: string, done: (v: T) => boolean): Promise<T> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 150))) {
    const v = (await (await fetch(`${server.url}${path}`)).json()) as T;
    if (done(v)) return v;
  }
  throw new Error(`${path} did not finish in time`);
}

const read = "import { readFileSync } from 'node:fs';\nconst [a, b] = readFileSync(0, 'utf8').split(/\\s+/).map(Number);\n";
/** a, b in [0, 100), one line. */
const GENERATOR = "export function generate(rng: () => number, size: string): string {\n  return `${Math.floor(rng() * 100)} ${Math.floor(rng() * 100)}\\n`;\n}\n";

async function publish(slug: string, reference: string, generator: string, limits = { timeMs: 1000, memoryMb: 256 }): Promise<void> {
  const created = await post('/api/problem-drafts', {
    slug,
    title: { en: slug },
    statement: { en: 'Print $a + b$.' },
    limits,
    samples: [{ input: '1 2\n' }],
    tests: [{ input: '5 7\n' }, { input: '40 2\n' }],
    reference,
    generator,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const view = await until<{ status: string; reasons: string[] }>(`/api/problem-drafts/${created.body.id}`, (v) => v.status === 'ready' || v.status === 'failed');
  expect(view.reasons).toEqual([]);
  expect((await post(`/api/problem-drafts/${created.body.id}/publish`, {})).status).toBe(200);
}

interface StressView {
  status: string;
  result: string;
  error: string | null;
  counterexample: { input: string; expected: string; got: string; verdict: string; shrinkSteps: number; message: string | null } | null;
}

async function stress(problem: string, source: string, size = 'small', cases = 300): Promise<{ id: number; run: StressView }> {
  const queued = await post('/api/stress', { problem, source, cases, size, seed: 7 });
  expect(queued.status, JSON.stringify(queued.body)).toBe(201);
  const id = queued.body.id as number;
  return { id, run: await until<StressView>(`/api/stress/${id}`, (v) => v.status === 'done') };
}

beforeAll(async () => {
  server = await startServer({ dataDir, workers: 1 });
  await publish('add-stress', `${read}console.log(a + b);\n`, GENERATOR);
  // The reference crashes when a ≥ 50; the generator writes nothing at size tiny.
  await publish('add-broken', `${read}if (a >= 50) throw new Error('reference bug');\nconsole.log(a + b);\n`, GENERATOR.replace('return `', "if (size === 'tiny') return '';\n  return `"));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

describe('stress tests of a published draft with a generator', { timeout: 60_000 }, () => {
  it('finds a wrong solution\'s counterexample, shrinks it on its text, and shows it on the API and the page', async () => {
    const wrong = `${read}console.log(a >= 30 ? a + b + 1 : a + b);\n`;
    const { id, run } = await stress('add-stress', wrong);
    expect(run.result, JSON.stringify(run)).toBe('failed');
    const c = run.counterexample!;
    expect(c.verdict).toBe('WA');
    // Shrunk to the smallest failing input of the same shape: a lowered to 30, b to 0.
    expect(c.input).toBe('30 0\n');
    expect(c.expected.trim()).toBe('30');
    expect(c.got.trim()).toBe('31');
    expect(c.shrinkSteps).toBeGreaterThan(0);
    const page = await (await fetch(`${server.url}/stress/${id}`)).text();
    expect(page).toContain('30 0');
    // The same seed gives the same cases: the same counterexample again.
    expect((await stress('add-stress', wrong)).run.counterexample!.input).toBe('30 0\n');
  });

  it("runs the student's program under the draft's own limits, which its judging resolves (server/judging/judging.ts)", async () => {
    await publish('add-quick', `${read}console.log(a + b);\n`, GENERATOR, { timeMs: 200, memoryMb: 256 });
    const db = openDatabase(join(dataDir, 'judge.db'));
    const compiler = createBoundedCompiler();
    try {
      const judging = await judgingFor(db, 'add-quick', { compiler });
      expect([judging?.shape, judging?.limits, judging?.layout]).toEqual(['draft', { timeMs: 200, memoryMb: 256 }, null]);
      await judging?.close();
    } finally {
      await compiler.close();
      db.close();
    }
    // About half a second of CPU on a ≥ 50: over this draft's 200 ms.
    const slow = `${read}let x = 0;\nif (a >= 50) for (let i = 0; i < 5e7; i++) x = (x * 31 + i) | 0;\nconsole.log(a + b + (x === 7 ? 1 : 0));\n`;
    const { run } = await stress('add-quick', slow, 'small', 50);
    expect([run.result, run.counterexample?.verdict]).toEqual(['failed', 'TLE']);
    // Stopped at 200 ms of CPU time (or, on a machine too busy to give it that in time, by the wall-clock net).
    expect(run.counterexample!.message).toMatch(/more than 200 ms of CPU time|was stopped after \d+ ms of wall time/);
  });

  it('passes a correct solution, and the problem page offers all three panels', async () => {
    const { run } = await stress('add-stress', `${read}console.log(a + b);\n`, 'small', 30);
    expect(run.result).toBe('passed');
    const page = await (await fetch(`${server.url}/problems/add-stress`)).text();
    expect(page).not.toContain('id="stored-problem"');
    expect(page).toContain('id="user-tests"');
  });

  it('stops with a bug in the problem package when the generator makes an invalid input, not with a verdict', async () => {
    const { run } = await stress('add-broken', `${read}console.log(a + b);\n`, 'tiny');
    expect(run.result).toBe('error');
    expect(run.error).toMatch(/^the generator produced an invalid input \(line 1: the input is empty\): a bug in the problem package/);
    expect(run.counterexample).toBeNull();
  });

  it('a reference that crashes on an input is the judge\'s problem: a stress error and an IE custom run, never WA', async () => {
    const { run } = await stress('add-broken', `${read}console.log(a + b);\n`);
    expect(run.result).toBe('error');
    expect(run.error).toMatch(/the fast reference failed: .*the reference solution accepted\/\S+ failed \(re\).*reference bug.*not in your solution/);
    expect(run.counterexample).toBeNull();
    const inv = await post('/api/invocations', { problem: 'add-broken', source: `${read}console.log(0);\n`, input: '70 1' });
    expect(inv.status).toBe(201);
    const done = await until<{ status: string; verdict: string; message: string }>(`/api/invocations/${inv.body.id}`, (v) => v.status === 'done');
    expect(done.verdict).toBe('IE');
    expect(done.message).toMatch(/^judge error: the reference failed on this input/);
    const page = await fetch(`${server.url}/invocations/${inv.body.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('judge error: the reference failed on this input');
  });
});
