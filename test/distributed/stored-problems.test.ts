/**
 * Distributed workers judge stored problems (issue 36): a package imported on the web tier, judged
 * by a worker process whose data directory and checkout hold no copy of it; a new version judged on
 * its new tests; problem data in Redis that is not the job's (another document, an oversized value)
 * never judged with; an imported interactive package played on the worker against its interactor in
 * a sandbox of the worker's, the dialogue on the web tier's page. Real redis-server, real web tier,
 * one real worker.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedProblemRef } from '../../server/distributed/problem-publisher';
import { encodeProblemDocument, readProblemDocument } from '../../server/distributed/problem-data';
import { PROBLEM_KEY_PREFIX } from '../../server/distributed/redis-config';
import { openDatabase } from '../../server/storage/db';
import { AC as GUESS_AC, guessPackage, WRONG as GUESS_WRONG } from '../helpers/guess-number-package';
import { getSubmission, postJob, submit, waitForVerdict, waitJobDone } from '../helpers/judge-client';
import { startLogged, type LoggedProcess } from '../helpers/logged-process';
import { startRedis, type RunningRedis } from '../helpers/redis';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

const READ = "const n = Number(require('fs').readFileSync(0, 'utf8').trim());\n";
/** Version 1: print n / 3, checked with float_tolerance 1e-6 (a 7-decimal answer is accepted). */
const THIRD_REFERENCE = `${READ}console.log((n / 3).toFixed(9));\n`;
const THIRD_ROUGH = `${READ}console.log((n / 3).toFixed(7));\n`;
const HALF = `${READ}console.log((n / 2).toFixed(9));\n`;
/** Version 2: print 2n. */
const DOUBLE = `${READ}console.log(2 * n);\n`;

let redis: RunningRedis;
let web: RunningServer;
let worker: LoggedProcess;
let client: Redis;
const scratch = mkdtempSync(join(tmpdir(), 'sg-dist-stored-'));

function writePackage(root: string, answer: (n: number) => string, reference: string, flags: string): string {
  const dir = join(root, 'third');
  const files: Record<string, string> = {
    'problem.yaml': `problem_format_version: legacy\nname: Third\nlimits:\n  time_limit: 2\n  memory: 256\n${flags ? `validator_flags: ${flags}\n` : ''}`,
    'problem_statement/problem.en.md': 'Read n; print the answer.\n',
    'submissions/accepted/reference.ts': reference,
    // The format's input validator: exit code 42 accepts the input.
    'input_validators/one-integer.ts': "const t = require('fs').readFileSync(0, 'utf8');\nprocess.exit(/^\\d+\\n$/.test(t) ? 42 : 43);\n",
  };
  [1, 2, 10, 1000].forEach((n, i) => {
    const where = i === 0 ? 'sample' : 'secret';
    files[`data/${where}/${i + 1}.in`] = `${n}\n`;
    files[`data/${where}/${i + 1}.ans`] = `${answer(n)}\n`;
  });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** `npm run problem -- import` beside the running web tier, into its data directory. */
function importPackage(dir: string, replace: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/problem.ts', 'import', dir, ...(replace ? ['--replace'] : [])], { cwd: ROOT, env: { ...process.env, DATA_DIR: web.dataDir } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += String(c)));
    child.stderr.on('data', (c: Buffer) => (out += String(c)));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(out) : reject(new Error(`import exited ${status}: ${out}`))));
  });
}

/** The web tier's current data ref of the problem, read from its database as a worker's job would name it. */
function currentRef(): { digest: string; bytes: number; doc: NonNullable<ReturnType<typeof readProblemDocument>> } {
  const db = openDatabase(join(web.dataDir, 'judge.db'), { readonly: true });
  try {
    return { ...storedProblemRef(db, 'third')!.ref, doc: readProblemDocument(db, 'third')! };
  } finally {
    db.close();
  }
}

function startWorker(): LoggedProcess {
  return startLogged(process.execPath, ['--import', 'tsx', 'server/distributed/judge-worker.ts'], {
    cwd: ROOT,
    name: 'worker',
    // Its own data directory, the checkout's nim only: "third" exists nowhere but on the web tier.
    env: { ...process.env, REDIS_URL: redis.url, JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim', DATA_DIR: join(scratch, 'worker'), WORKER_PROBLEM_MAX_MB: '1' },
  });
}

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  web = await startServer({ env: { REDIS_URL: redis.url } });
}, 180_000);

afterAll(async () => {
  client?.disconnect();
  await worker?.kill();
  await web?.stop();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('distributed workers judge stored problems', () => {
  it('judges an imported package on a worker without a copy of it, with its float tolerance; refuses data that is not the job’s', async () => {
    await importPackage(writePackage(join(scratch, 'v1'), (n) => (n / 3).toFixed(9), THIRD_REFERENCE, 'float_tolerance 1e-6'), false);
    // Before any job: another document (its tests say n / 2) stored under this version's key.
    // A worker judging with it would accept HALF; it must refuse it and get the right data.
    const v1 = currentRef();
    const forged = encodeProblemDocument({ ...v1.doc, tests: v1.doc.tests.map((t) => ({ ...t, expected: `${(Number(t.input) / 2).toFixed(9)}\n` })) });
    await client.set(PROBLEM_KEY_PREFIX + v1.digest, forged.blob);

    worker = startWorker();
    await worker.waitForLog(/judge thread 0 ready/);

    const half = await submit(web.url, 'third', HALF);
    expect((await waitForVerdict(web.url, half, 120_000)).verdict).toBe('WA');
    expect(worker.logs()).toMatch(/refusing submission-\d+: problem third: its data in Redis has digest \w+, not the job's \w+/);
    expect(web.logs()).toMatch(/a worker refused its problem data .*writing it again and queueing the job anew/);

    const rough = await submit(web.url, 'third', THIRD_ROUGH);
    expect((await waitForVerdict(web.url, rough, 60_000)).verdict).toBe('AC');
    const sample = await postJob(web.url, '/api/sample-runs', { problem: 'third', source: HALF });
    const run = await waitJobDone<{ status?: string; verdict: string; samples: unknown[] }>(web.url, `/api/sample-runs/${sample}`, 60_000);
    expect(run.verdict).toBe('WA');
    expect(run.samples).toHaveLength(1);
    // Fetched once for all three jobs.
    expect(worker.logs().match(/problem third: version \w+ fetched from Redis/g)).toHaveLength(1);
  }, 240_000);

  it('a new version is judged on its new tests, a job queued before it too; an oversized value in Redis is never read; a rejudge runs on the worker', async () => {
    // Queued on version 1 while no worker runs, then the problem replaced.
    await worker.stop();
    const old = await submit(web.url, 'third', THIRD_REFERENCE);
    await importPackage(writePackage(join(scratch, 'v2'), (n) => String(2 * n), DOUBLE, ''), true);
    await web.waitForLog(new RegExp(`submission-${old}: its problem third changed while it waited; queued again on the new version`), 30_000);
    const v2 = currentRef();
    // The web tier writes the new version's data as it queues the job again, after the line above:
    // replaced only once it is there (on a busy machine, the web tier's write could land last).
    for (const t0 = Date.now(); (await client.exists(PROBLEM_KEY_PREFIX + v2.digest)) === 0; ) {
      if (Date.now() - t0 > 30_000) throw new Error('the web tier never put the new version in Redis');
      await new Promise((r) => setTimeout(r, 50));
    }
    // Over the worker's 1 MB bound (WORKER_PROBLEM_MAX_MB): refused by its size, then written again by the web tier.
    await client.set(PROBLEM_KEY_PREFIX + v2.digest, Buffer.alloc(2 * 1024 * 1024, 7));
    worker = startWorker();
    await worker.waitForLog(/judge thread 0 ready/);

    // The old version's accepted program is wrong on the new tests.
    expect(await waitForVerdict(web.url, old, 120_000)).toMatchObject({ verdict: 'WA', failedTest: 1 });
    expect(worker.logs()).toMatch(/refusing submission-\d+: problem third: its data in Redis is \d+ bytes compressed, over this worker's limit of 1048576/);
    const double = await submit(web.url, 'third', DOUBLE);
    expect((await waitForVerdict(web.url, double, 60_000)).verdict).toBe('AC');
    expect(worker.logs().match(/problem third: version \w+ fetched from Redis/g)).toHaveLength(1);

    const res = await fetch(`${web.url}/api/rejudge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ submission: double }) });
    expect(res.status).toBe(202);
    const rejudge = ((await res.json()) as { id: number }).id;
    await waitJobDone(web.url, `/api/rejudge/${rejudge}`, 60_000);
    expect(await getSubmission(web.url, double)).toMatchObject({ verdict: 'AC', rejudged: [{ rejudge, before: 'AC', after: 'AC' }] });
  }, 240_000);

  it('judges an imported interactive package on the worker: AC, WA with the interactor’s sentence, the dialogue on the web tier', async () => {
    const zip = join(scratch, 'guess-number.zip');
    writeFileSync(zip, guessPackage('guess-number'));
    await importPackage(zip, false);
    const ac = await submit(web.url, 'guess-number', GUESS_AC);
    const wa = await submit(web.url, 'guess-number', GUESS_WRONG);
    expect((await waitForVerdict(web.url, ac, 60_000)).verdict).toBe('AC');
    expect(await waitForVerdict(web.url, wa, 60_000)).toMatchObject({ verdict: 'WA', failedTest: 1 });
    // Played on the worker, which fetched the problem (interactor and all) from Redis: the web tier judges nothing itself.
    expect(worker.logs()).toMatch(/problem guess-number: version \w+ fetched from Redis/);
    const page = (await (await fetch(`${web.url}/submissions/${wa}`)).text()).replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, '>').replace(/&lt;/g, '<');
    expect(page).toContain('answered 8, but the number was 7');
    expect(page).toMatch(/> \? 5\n< >/);
    const dialogue = await (await fetch(`${web.url}/submissions/${wa}/dialogue.txt`)).text();
    expect(dialogue).toMatch(/^< 10\n> \? 5\n< >\n/);
    expect(dialogue).toContain('> ! 8');
  }, 120_000);
});
