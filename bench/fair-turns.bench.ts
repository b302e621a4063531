/**
 * Fair turns, measured as issue 39 did: on a real server in accounts mode, one student floods the
 * queue (looping custom invocations, looping sample runs, looping submissions, five more accounts
 * with queued work, a long stress run on one thread), then another student submits a program that
 * answers at once; printed: how long that submission took from POST to verdict, beside the same
 * submission on the idle judge. `npx tsx bench/fair-turns.bench.ts` (JUDGE_WORKERS as given, 2 by default).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsCli, Person } from '../test/helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../test/helpers/server';
import { acceptedNim } from '../test/helpers/solutions';

const CLASS_CODE = 'fair-turns-bench';
const LOOP = 'while (true) {}\n';
const QUICK = "console.log('No');\n";

async function person(server: RunningServer, name: string): Promise<Person> {
  await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: `${name}-password`, classCode: CLASS_CODE }) });
  const p = new Person(server.url, name, `${name}-password`);
  if ((await p.login()).status !== 200) throw new Error(`cannot log in as ${name}`);
  return p;
}

async function post(p: Person, path: string, body: unknown): Promise<{ status: number; id?: number }> {
  const res = await p.api(path, { method: 'POST', body: JSON.stringify(body) });
  const json = (await res.json()) as { id?: number };
  return { status: res.status, id: json.id };
}

async function done(p: Person, path: string): Promise<void> {
  for (;;) {
    const body = (await (await p.api(path)).json()) as { status: string };
    if (body.status === 'done' || body.status === 'failed') return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Seconds from POST to verdict of a quick submission. */
async function timedSubmission(p: Person): Promise<number> {
  const start = performance.now();
  const { id } = await post(p, '/api/submissions', { problem: 'nim', source: `// ${Math.random()}\n${QUICK}` });
  await done(p, `/api/submissions/${id}`);
  return (performance.now() - start) / 1000;
}

/** Waits until nothing is waiting or running (the health answer lists every kind; the teacher sees each thread). */
async function drain(teacher: Person): Promise<void> {
  for (;;) {
    const h = (await (await teacher.api('/api/health')).json()) as { queued: number; workers: { busy: number }[] };
    if (h.queued === 0 && h.workers.every((w) => w.busy === 0)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function run(workers: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-fair-bench-'));
  await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  const server = await startServer({ dataDir, workers, env: { ACCOUNTS: 'on', CLASS_CODE, TRUST_PROXY: '1' } });
  for (let n = 0; n < workers; n++) await server.waitForLog(new RegExp(`judge thread ${n} ready`));
  const teacher = new Person(server.url, 'tess', 'teacher-password');
  await teacher.login();
  const flo = await person(server, 'flo');
  const bea = await person(server, 'bea');
  const spare = await Promise.all([1, 2, 3, 4, 5].map((i) => person(server, `tw${i}`)));
  const row = (what: string, s: number, refused = '') => console.log(`${workers} thread(s) | ${what.padEnd(44)} | ${s.toFixed(1).padStart(5)} s ${refused}`);

  await timedSubmission(bea);
  row('idle judge', await timedSubmission(bea));

  const flood = async (what: string, path: string, body: (i: number) => unknown, who: Person[] = [flo], each = 15) => {
    const answers = await Promise.all(who.flatMap((p) => Array.from({ length: each }, (_, i) => post(p, path, body(i)))));
    const refused = answers.filter((a) => a.status === 429).length;
    row(what, await timedSubmission(bea), refused ? `(${refused} of ${answers.length} refused with 429)` : '');
    await drain(teacher);
  };
  await flood('after 15 looping custom invocations', '/api/invocations', (i) => ({ problem: 'nim', source: `// ${i}\n${LOOP}`, input: '1\n2\n3 3\n' }));
  await flood('after 15 looping sample runs', '/api/sample-runs', (i) => ({ problem: 'nim', source: `// ${i}\n${LOOP}` }));
  await flood('after 15 looping submissions', '/api/submissions', (i) => ({ problem: 'nim', source: `// ${i}\n${LOOP}` }));
  await flood('after 5 more accounts x 3 looping submissions', '/api/submissions', (i) => ({ problem: 'nim', source: `// spare ${i}\n${LOOP}` }), [flo, ...spare], 3);
  if (workers === 1) {
    const { id } = await post(flo, '/api/stress', { problem: 'nim', source: acceptedNim(), cases: 10_000 });
    for (;;) {
      const s = (await (await flo.api(`/api/stress/${id}`)).json()) as { status: string; casesRun: number };
      if (s.status === 'running' && s.casesRun > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    row('while a 10,000-case stress run holds the thread', await timedSubmission(bea));
    await done(flo, `/api/stress/${id}`);
  }
  await server.stop();
  removeDataDir(dataDir);
}

for (const workers of (process.env.BENCH_WORKERS ?? '2,1').split(',').map(Number)) await run(workers);
