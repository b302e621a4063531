import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STRESS_CASES } from '../../server/http/stress-api';
import { PERSON_CAPS } from '../../server/queue/person-caps';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO, slowAcceptedNim } from '../helpers/solutions';

/**
 * Fair turns by person across every kind of job (docs/security.md, "Fair turns"), on a real server in
 * accounts mode with ONE judge thread, so every job is served one after another and the order of
 * service is the order of `finished_at`. Each test counts how many of the other people's jobs that
 * were already waiting when the student submitted were served before that submission: first in,
 * first out (or every sample run and invocation before every submission, as before) serves all of
 * them first; turns by person serve none. No assertion reads a duration.
 */
const CLASS_CODE = 'fair-turns-code';
const LOOP = 'while (true) {}\n';

let server: RunningServer;
const people: Record<string, Person> = {};

async function person(name: string): Promise<Person> {
  const res = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: `${name}-password`, classCode: CLASS_CODE }) });
  expect([200, 201], `registering ${name}: ${await res.clone().text()}`).toContain(res.status);
  const p = new Person(server.url, name, `${name}-password`);
  expect((await p.login()).status).toBe(200);
  return p;
}

async function post(p: Person, path: string, body: unknown): Promise<Response> {
  return p.api(path, { method: 'POST', body: JSON.stringify(body) });
}

async function queued(p: Person, path: string, body: unknown): Promise<number> {
  const res = await post(p, path, body);
  const json = (await res.json()) as { id?: number; error?: string };
  if ((res.status !== 201 && res.status !== 202) || typeof json.id !== 'number') throw new Error(`${p.name} POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

async function waitDone(p: Person, path: string, timeoutMs = 240_000): Promise<{ status: string; verdict?: string; casesRun?: number; result?: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await (await p.api(path)).json()) as { status: string };
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`${path} not done`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function db(): Database.Database {
  return new Database(join(server.dataDir, 'judge.db'), { readonly: true });
}

/** Every job (any kind) of these accounts waiting in the queue now, as `table:id`. */
function waitingOf(names: string[]): string[] {
  const d = db();
  const ids = names.map((n) => (d.prepare('SELECT id FROM accounts WHERE name = ?').get(n) as { id: number }).id);
  const marks = ids.map(() => '?').join(', ');
  const out: string[] = [];
  for (const table of ['submissions', 'sample_runs', 'invocations', 'stress_runs', 'lab_jobs']) {
    for (const r of d.prepare(`SELECT id FROM ${table} WHERE status = 'queued' AND owner IN (${marks})`).all(...ids) as { id: number }[]) out.push(`${table}:${r.id}`);
  }
  d.close();
  return out;
}

/** One column of a job named as `table:id` by waitingOf (undefined if the row is gone). */
function jobField<T>(d: Database.Database, job: string, column: string): T | undefined {
  const [table, id] = job.split(':') as [string, string];
  return (d.prepare(`SELECT ${column} AS v FROM ${table} WHERE id = ?`).get(Number(id)) as { v: T } | undefined)?.v;
}

/**
 * Of these jobs, those still waiting now. Taken just after the returning student's submission is
 * queued: a job the thread took between the first look and her submission was rightly served
 * before her (she was not there yet), and counting it flipped the test on a busy machine.
 */
function stillWaiting(jobs: string[]): string[] {
  const d = db();
  const out = jobs.filter((j) => jobField<string>(d, j, 'status') === 'queued');
  d.close();
  return out;
}

/** Of these jobs, those the single judge thread served before the submission (finished earlier). */
function servedBefore(jobs: string[], submission: number): string[] {
  const d = db();
  const mine = jobField<number>(d, `submissions:${submission}`, 'finished_at')!;
  const before = jobs.filter((j) => {
    const f = jobField<number | null>(d, j, 'finished_at');
    return f != null && f < mine;
  });
  d.close();
  return before;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-fair-turns-'));
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE, TRUST_PROXY: '1' } });
  await server.waitForLog(/judge thread 0 ready/);
  for (const name of ['flo', 'bea', 'cal', 'tw1', 'tw2', 'tw3', 'tw4', 'tw5']) people[name] = await person(name);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('one fair queue for all of a person’s work (one judge thread)', { timeout: 600_000 }, () => {
  it('serves another student’s submission next, whatever one person floods across every kind', async () => {
    const flo = people.flo!;
    // Looping custom invocations first: each holds the thread for its whole time limit, so the rest
    // of the flood is certainly still waiting when bea submits. Past the per-person cap: 429.
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => post(flo, '/api/invocations', { problem: 'nim', source: `// ${i}\n${LOOP}`, input: '1\n2\n3 3\n' })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(PERSON_CAPS.invocation);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15 - PERSON_CAPS.invocation);
    expect(((await burst.find((r) => r.status === 429)!.json()) as { error: string }).error).toMatch(/at most 4 per person/);
    const samples = await Promise.all(Array.from({ length: 15 }, (_, i) => post(flo, '/api/sample-runs', { problem: 'nim', source: `// ${i}\n${ALWAYS_NO}` })));
    expect(samples.filter((r) => r.status === 201)).toHaveLength(PERSON_CAPS['sample-run']);
    await Promise.all(Array.from({ length: 15 }, (_, i) => queued(flo, '/api/submissions', { problem: 'nim', source: `// flood ${i}\n${ALWAYS_NO}` })));
    await queued(flo, '/api/stress', { problem: 'nim', source: acceptedNim(), cases: 200 });
    await queued(flo, '/api/lab', { source: 'export function options(n: number): number[][] { return n >= 1 ? [[n - 1]] : []; }', to: 10 });

    // A class-wide cap filled by one person refused everyone; a per-person one refuses no one else.
    expect((await post(people.cal!, '/api/sample-runs', { problem: 'nim', source: ALWAYS_NO })).status).toBe(201);

    const waiting = waitingOf(['flo']);
    expect(waiting.length, 'the flood is still waiting when the other student submits').toBeGreaterThanOrEqual(15);
    const bea = await queued(people.bea!, '/api/submissions', { problem: 'nim', source: ALWAYS_NO });
    const behind = stillWaiting(waiting);
    expect((await waitDone(people.bea!, `/api/submissions/${bea}`)).verdict).toBe('WA');

    const before = servedBefore(behind, bea);
    // Turns by person: bea, back from idle, takes the next free thread. First in, first out (or
    // sample runs and invocations first) would have served nearly all of the flood before her.
    expect(before, `served before bea's submission: ${before.join(' ')}`).toEqual([]);
  });

  it('serves a returning student next when five more accounts each keep work queued', async () => {
    // Five throw-away accounts, new to the queue, each with a backlog of submissions, on top of what flo still has.
    for (const name of ['tw1', 'tw2', 'tw3', 'tw4', 'tw5']) {
      await Promise.all(Array.from({ length: 4 }, (_, i) => queued(people[name]!, '/api/submissions', { problem: 'nim', source: `// ${name} ${i}\n${ALWAYS_NO}` })));
    }
    // bea had a verdict already: she returns from idle while every other account has work waiting;
    // the new accounts count as served just before the last person served, so after her.
    const waiting = waitingOf(['flo', 'tw1', 'tw2', 'tw3', 'tw4', 'tw5']);
    expect(waiting.length).toBeGreaterThanOrEqual(20);
    const bea = await queued(people.bea!, '/api/submissions', { problem: 'nim', source: `// again\n${ALWAYS_NO}` });
    const behind = stillWaiting(waiting);
    expect(behind.length, 'a backlog is still waiting behind her').toBeGreaterThanOrEqual(10);
    expect((await waitDone(people.bea!, `/api/submissions/${bea}`)).verdict).toBe('WA');
    const before = servedBefore(behind, bea);
    expect(before, `served before bea's submission: ${before.join(' ')}`).toEqual([]);
  });

  it('makes a long stress run on the only thread yield to a waiting submission, and resumes it with its progress', async () => {
    // Let the queue drain so the stress run holds the thread alone.
    const d = db();
    const drained = async () => {
      for (;;) {
        const n = (d.prepare("SELECT (SELECT COUNT(*) FROM submissions WHERE status <> 'done') + (SELECT COUNT(*) FROM invocations WHERE status <> 'done') + (SELECT COUNT(*) FROM sample_runs WHERE status <> 'done') + (SELECT COUNT(*) FROM stress_runs WHERE status <> 'done') + (SELECT COUNT(*) FROM lab_jobs WHERE status IN ('queued', 'running')) AS n").get() as { n: number }).n;
        if (n === 0) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await drained();
    const cal = people.cal!;
    // Correct, but slow per game (a fixed count of steps per game, not a clock): the most cases the
    // API allows are minutes of CPU (its 60 s budget would end it first), so the run cannot end
    // before the submission below is judged however busy the machine is (it yields between batches
    // once it has had its 2 s slice); it is cancelled once it has gone on after the submission. A
    // run short enough to end on its own (a plain accepted nim, then 6000 cases of 400,000 steps:
    // seconds) left the order to the machine's speed, and the first one ended first in CI.
    const slowPerGame = slowAcceptedNim();
    const run = await queued(cal, '/api/stress', { problem: 'nim', source: slowPerGame, cases: MAX_STRESS_CASES, size: 'small', seed: 7 });
    const stressRun = async () => (await (await cal.api(`/api/stress/${run}`)).json()) as { status: string; casesRun: number; result: string | null };
    // Running and past its first batches.
    for (;;) {
      const s = await stressRun();
      if (s.status === 'running' && s.casesRun > 0) break;
      expect(s.status).not.toBe('done');
      await new Promise((r) => setTimeout(r, 50));
    }
    const bea = await queued(people.bea!, '/api/submissions', { problem: 'nim', source: ALWAYS_NO });
    expect((await waitDone(people.bea!, `/api/submissions/${bea}`)).verdict).toBe('WA');
    // The verdict came while the stress run was unfinished: it gave the only thread up between
    // batches, and went back to the queue with the cases it had passed.
    const atVerdict = d.prepare('SELECT status, resume_at AS resumeAt FROM stress_runs WHERE id = ?').get(run) as { status: string; resumeAt: number };
    expect(['queued', 'running'], 'the stress run finished before the submission was judged').toContain(atVerdict.status);
    expect(atVerdict.resumeAt).toBeGreaterThan(0);
    // It takes the thread back and goes on past the case it stopped at.
    for (;;) {
      const s = await stressRun();
      expect(s.status).not.toBe('done');
      if (s.status === 'running' && s.casesRun > atVerdict.resumeAt) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await cal.api(`/api/stress/${run}/cancel`, { method: 'POST' })).status).toBe(200);
    const final = await waitDone(cal, `/api/stress/${run}`);
    d.close();
    expect(final.result).toBe('cancelled');
    // Resumed from the stored resume point: the cases counted go on past it.
    expect(final.casesRun).toBeGreaterThan(atVerdict.resumeAt);
    expect(final.casesRun).toBeLessThan(MAX_STRESS_CASES);
  });
});
