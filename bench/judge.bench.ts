/**
 * A submission end to end, from stored to done, against the sum of its tests' CPU time, side by side
 * in one run (problem nim, its 38 tests, the accepted solution):
 *
 *  - through the API of the real server (one judge thread): `finishedAt − createdAt` minus the
 *    tests' CPU time, per test, median of 10 warm submissions; target ≤ 2 ms per test. The first
 *    submission after start (once the judge thread is ready) against the warm median: target ≤ 1.5×.
 *  - where that time goes, from a judge queue run in this process on its own database (the same
 *    judge thread, compiler and sandbox code): the queue's pick-up, compile, the sandbox load, the
 *    tests (less their CPU time), storing and publishing progress on the main thread, the final
 *    message; beside it the floor: the same tests on a warm sandbox called directly, no queue.
 *
 *   npx tsx bench/judge.bench.ts        (or npm run bench -- judge)
 */
import type { Breakdown as QueueBreakdown } from './queue-breakdown';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCompiler } from '../server/compile';
import { importProblems } from '../server/import/import';
import { SubmissionEvents } from '../server/queue/events';
import { JudgeQueue } from '../server/queue/judge-queue';
import type { FromThread } from '../server/queue/protocol';
import { createSandbox } from '../server/sandbox';
import { DEFAULT_OUTPUT_LIMIT } from '../server/sandbox/types';
import { openDatabase } from '../server/storage/db';
import { listTests } from '../server/storage/problems';
import { insertSubmission } from '../server/storage/submissions';
import { getSubmission, submit, waitForVerdict } from '../test/helpers/judge-client';
import { removeDataDir, startServer } from '../test/helpers/server';
import { acceptedNim } from '../test/helpers/solutions';

const WARM_RUNS = 10;
const TARGET_OVERHEAD_PER_TEST_MS = 2;
const TARGET_FIRST_RATIO = 1.5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface ApiFigures {
  tests: number;
  firstMs: number;
  warmMs: number[];
  warmCpuMs: number[];
  /** Median over the warm submissions of (stored → done − CPU) / tests. */
  overheadPerTestMs: number;
}

/** One warm judging seen from the main thread, every figure in ms (queue-breakdown.ts's, and more). */
export interface Breakdown extends Omit<QueueBreakdown, 'tests'> {
  /** From the first progress message to the last test's result, less the tests' CPU time. */
  testsOverhead: number;
  /** Main-thread time spent storing and publishing the job's messages (overlaps the thread's work). */
  store: number;
  messages: number;
}

export interface JudgeBenchResult {
  api: ApiFigures;
  breakdown: Breakdown;
  /** The same tests on a warm sandbox called directly: (wall − CPU) per test, median of 3 rounds' sums. */
  floorPerTestMs: number;
  load: number[];
  ok: boolean;
}

async function throughApi(log: (line: string) => void): Promise<ApiFigures> {
  const server = await startServer({ workers: 1 });
  try {
    await server.waitForLog(/judge thread 0 ready/, 120_000);
    const source = acceptedNim();
    const judge = async () => {
      const id = await submit(server.url, 'nim', source);
      const s = await waitForVerdict(server.url, id);
      if (s.verdict !== 'AC') throw new Error(`expected AC, got ${s.verdict}`);
      const times = (await getSubmission(server.url, id)) as unknown as { createdAt: string; finishedAt: string };
      return { ms: Date.parse(times.finishedAt) - Date.parse(times.createdAt), cpu: s.tests.reduce((a, t) => a + t.timeMs, 0), tests: s.tests.length };
    };
    log('through the API: the first submission after start, then 10 warm ones');
    const first = await judge();
    const warm = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await judge());
    return {
      tests: first.tests,
      firstMs: first.ms,
      warmMs: warm.map((w) => w.ms),
      warmCpuMs: warm.map((w) => w.cpu),
      overheadPerTestMs: median(warm.map((w) => (w.ms - w.cpu) / w.tests)),
    };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

async function breakdownInProcess(log: (line: string) => void): Promise<{ breakdown: Breakdown; floorPerTestMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-bench-judge-'));
  const dbPath = path.join(dir, 'judge.db');
  const db = openDatabase(dbPath, { migrate: true, autoCheckpoint: false });
  try {
    await importProblems(db, { only: ['nim'] });
    const source = acceptedNim();

    // The floor: the same tests on a warm sandbox, no queue, no thread, no storage.
    log('the floor: the tests on a warm sandbox called directly, 3 rounds');
    const tests = listTests(db, 'nim');
    const compiler = createCompiler();
    const sandbox = await createSandbox();
    const floors: number[] = [];
    try {
      const compiled = await compiler.compile(source);
      if (!compiled.ok) throw new Error(compiled.diagnostics);
      await sandbox.load(compiled.js, { timeMs: 1000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT });
      await sandbox.run(tests[0]!.input);
      for (let round = 0; round < 3; round++) {
        let over = 0;
        for (const t of tests) {
          const r = await sandbox.run(t.input);
          over += r.wallMs - r.timeMs;
        }
        floors.push(over / tests.length);
      }
    } finally {
      await sandbox.close();
      await compiler.close();
    }

    log('the breakdown: a judge queue in this process, one thread, 10 warm submissions');
    const events = new SubmissionEvents();
    let marks: { m: FromThread; at: number; storeMs: number }[] = [];
    let onDone: (() => void) | null = null;
    let ready: () => void = () => {};
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const queue = new JudgeQueue(db, events, {
      workers: 1,
      dbPath,
      log: (line) => line.includes('ready') && ready(),
      onJobMessage: (m, timing) => {
        marks.push({ m, at: timing?.receivedAt ?? performance.now(), storeMs: timing?.storeMs ?? 0 });
        if (m.type === 'done') onDone?.();
      },
    });
    queue.start();
    await isReady;
    const runs: Breakdown[] = [];
    try {
      for (let i = 0; i <= WARM_RUNS; i++) {
        marks = [];
        const done = new Promise<void>((resolve) => (onDone = resolve));
        const t0 = performance.now();
        insertSubmission(db, 'nim', source);
        queue.notify();
        await done;
        const total = performance.now() - t0;
        const at = (type: FromThread['type']) => marks.find((x) => x.m.type === type)!.at - t0;
        const progress = marks.filter((x) => x.m.type === 'progress');
        const results = progress.flatMap((x) => (x.m.type === 'progress' ? x.m.results : []));
        const cpu = results.reduce((a, r) => a + r.timeMs, 0);
        const lastResult = [...progress].reverse().find((x) => x.m.type === 'progress' && x.m.results.length > 0)!.at - t0;
        const b: Breakdown = {
          total,
          cpu,
          pickUp: at('compiling'),
          compile: at('compiled') - at('compiling'),
          load: progress[0]!.at - t0 - at('compiled'),
          testsOverhead: lastResult - (progress[0]!.at - t0) - cpu,
          final: at('done') - lastResult,
          store: marks.reduce((a, x) => a + x.storeMs, 0),
          messages: marks.length,
        };
        if (i > 0) runs.push(b); // the first is the thread's first real submission: not warm
      }
    } finally {
      await queue.stop();
    }
    const pick = (k: keyof Breakdown) => median(runs.map((r) => r[k]));
    const breakdown = Object.fromEntries((Object.keys(runs[0]!) as (keyof Breakdown)[]).map((k) => [k, pick(k)])) as unknown as Breakdown;
    return { breakdown, floorPerTestMs: median(floors) };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function judgeBench(log: (line: string) => void = () => {}): Promise<JudgeBenchResult> {
  const api = await throughApi(log);
  const { breakdown, floorPerTestMs } = await breakdownInProcess(log);
  const result: JudgeBenchResult = { api, breakdown, floorPerTestMs, load: loadavg(), ok: false };
  result.ok = api.overheadPerTestMs <= TARGET_OVERHEAD_PER_TEST_MS && api.firstMs <= TARGET_FIRST_RATIO * median(api.warmMs);
  return result;
}

export function formatJudgeBench(r: JudgeBenchResult): string {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const { api, breakdown: b } = r;
  const warm = median(api.warmMs);
  const perTest = (v: number) => `${(v / api.tests).toFixed(2)} ms/test`;
  return [
    `machine: ${cpus().length} cores, load average ${r.load.map((x) => x.toFixed(2)).join(' ')} (other work on the machine slows every figure)`,
    `nim, ${api.tests} tests, accepted solution, through the API (stored → done, server timestamps):`,
    `  warm, median of ${api.warmMs.length}             ${ms(warm).padStart(10)}   (tests' CPU time ${ms(median(api.warmCpuMs))})`,
    `  overhead beyond the CPU time    ${`${api.overheadPerTestMs.toFixed(2)} ms/test`.padStart(14)}   target ≤ ${TARGET_OVERHEAD_PER_TEST_MS} ms: ${met(api.overheadPerTestMs <= TARGET_OVERHEAD_PER_TEST_MS)}`,
    `    (${api.warmMs.map((t) => t.toFixed(0)).join(', ')} ms)`,
    `  first submission after start    ${ms(api.firstMs).padStart(10)}   ${(api.firstMs / warm).toFixed(2)}× warm, target ≤ ${TARGET_FIRST_RATIO}×: ${met(api.firstMs <= TARGET_FIRST_RATIO * warm)}`,
    `where the time goes (a judge queue in this process, medians of ${WARM_RUNS} warm submissions):`,
    `  stored → done                   ${ms(b.total).padStart(10)}   tests' CPU time ${ms(b.cpu)}, overhead ${perTest(b.total - b.cpu)}`,
    `  queue pick-up (→ compiling)     ${ms(b.pickUp).padStart(10)}`,
    `  compile + type-check            ${ms(b.compile).padStart(10)}`,
    `  sandbox load (→ first test)     ${ms(b.load).padStart(10)}`,
    `  tests, less their CPU time      ${ms(b.testsOverhead).padStart(10)}   ${perTest(b.testsOverhead)}`,
    `  last result → done stored       ${ms(b.final).padStart(10)}`,
    `  storing + publishing (main)     ${ms(b.store).padStart(10)}   ${b.messages} messages, alongside the thread's work`,
    `  floor: the tests on a warm sandbox called directly, no queue: ${r.floorPerTestMs.toFixed(2)} ms/test beyond CPU`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  judgeBench((line) => console.log(`… ${line}`)).then(
    (r) => {
      console.log(formatJudgeBench(r));
      process.exit(r.ok ? 0 : 1);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
