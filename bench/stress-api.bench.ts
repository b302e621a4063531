/**
 * Stress runs through the API of the real server (one judge thread per core), side by side in one
 * run: problem nim, size `small`, the fast reference submitted as the solution, 10,000 cases, on two
 * servers started one after the other: batched (the default: many cases a run, docs/stress-testing.md)
 * and the one-case-a-run baseline (STRESS_BATCH=0).
 *
 *  - quiet: nothing else in the judge; target for batching ≥ 5,000 cases/s;
 *  - busy: while 10 submissions are judged (topped up as verdicts arrive); target ≥ 5,000 cases/s;
 *  - a known-wrong solution: the counterexample is found and shrunk, no larger batched than one a run.
 *
 * The rate is the judge's own (cases run / the run's elapsed time, compile and sandbox load
 * included), beside the rate seen from outside (POST → done, polled every 20 ms).
 *
 *   npx tsx bench/stress-api.bench.ts        (or npm run bench -- stress-api)
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { referenceAsSubmission } from '../server/problems/registry';
import { getSubmission, submit } from '../test/helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../test/helpers/server';
import { acceptedNim } from '../test/helpers/solutions';

const CASES = 10_000;
const TARGET_QUIET = 5000;
const TARGET_BUSY = 5000;
const FLOOD_MS = 20_000;
const WRONG = 'sum-parity.ts';

interface StressApiRun {
  status: string;
  result: string | null;
  casesRun: number;
  casesPerSecond: number | null;
  counterexample: { input: string; shrinkSteps: number; caseIndex: number } | null;
}

export interface StressFigure {
  casesRun: number;
  judgeRate: number;
  outsideRate: number;
}

/** One server's figures. */
export interface StressModeFigures {
  quiet: StressFigure;
  busy: StressFigure & { judged: number };
  wrong: { result: string | null; caseIndex: number | null; inputBytes: number | null; shrinkSteps: number | null };
}

export interface StressApiBenchResult {
  threads: number;
  batched: StressModeFigures;
  oneCaseARun: StressModeFigures;
  load: number[];
  ok: boolean;
}

async function post(base: string, body: object): Promise<number> {
  const res = await fetch(`${base}/api/stress`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { id?: number; error?: string };
  if (res.status !== 201 || json.id === undefined) throw new Error(`stress POST: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

async function stressToEnd(server: RunningServer, source: string, cases: number, onRunning: () => void = () => {}): Promise<{ run: StressApiRun; wallMs: number }> {
  const t0 = performance.now();
  const id = await post(server.url, { problem: 'nim', source, cases, size: 'small', seed: 20240601 });
  let started = false;
  for (;;) {
    const run = (await (await fetch(`${server.url}/api/stress/${id}`)).json()) as StressApiRun;
    if (!started && run.status !== 'queued') {
      started = true;
      onRunning();
    }
    if (run.status === 'done') return { run, wallMs: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 20));
  }
}

function figure(r: { run: StressApiRun; wallMs: number }): StressFigure {
  if (r.run.result !== 'passed') throw new Error(`the stress run ended ${r.run.result}`);
  return { casesRun: r.run.casesRun, judgeRate: r.run.casesPerSecond ?? 0, outsideRate: r.run.casesRun / (r.wallMs / 1000) };
}

export async function stressApiBench(log: (line: string) => void = () => {}): Promise<StressApiBenchResult> {
  const threads = availableParallelism();
  log('batched (the default)');
  const batched = await measure(threads, {}, log);
  log('one case a run (STRESS_BATCH=0)');
  const oneCaseARun = await measure(threads, { STRESS_BATCH: '0' }, log);
  const result: StressApiBenchResult = { threads, batched, oneCaseARun, load: loadavg(), ok: false };
  result.ok =
    batched.quiet.judgeRate >= TARGET_QUIET &&
    batched.busy.judgeRate >= TARGET_BUSY &&
    batched.wrong.result === 'failed' &&
    (batched.wrong.inputBytes ?? Infinity) <= (oneCaseARun.wrong.inputBytes ?? 0);
  return result;
}

async function measure(threads: number, env: Record<string, string>, log: (line: string) => void): Promise<StressModeFigures> {
  const server = await startServer({ workers: threads, env });
  try {
    for (let n = 0; n < threads; n++) await server.waitForLog(new RegExp(`judge thread ${n} ready`), 120_000);
    const solution = referenceAsSubmission('nim', 'fast');
    log('warming up: one short stress run (starts each thread\'s second sandbox)');
    for (let n = 0; n < threads; n++) await stressToEnd(server, solution, 200);

    log(`quiet: ${CASES} cases`);
    const quiet = figure(await stressToEnd(server, solution, CASES));

    log(`busy: ${CASES} cases while 10 submissions are judged`);
    const source = acceptedNim();
    // Submissions are claimed before stress runs: the run starts first, then the submissions come.
    const pending = new Set<number>();
    let judged = 0;
    let busy = true;
    let topUp: Promise<void> = Promise.resolve();
    // A stress run yields its thread to waiting submissions (docs/stress-testing.md): the flood stops
    // after FLOOD_MS so that the run ends even on a machine where submissions never stop waiting.
    const flood = () => (topUp = (async () => {
      const until = performance.now() + FLOOD_MS;
      while (busy && performance.now() < until) {
        while (pending.size < 10) pending.add(await submit(server.url, 'nim', source));
        for (const id of [...pending]) {
          if ((await getSubmission(server.url, id)).status === 'done') {
            pending.delete(id);
            judged++;
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })());
    const busyRun = figure(await stressToEnd(server, solution, CASES, flood));
    busy = false;
    await topUp;

    log(`a known-wrong solution (${WRONG}): found and shrunk`);
    const wrongSource = readFileSync(path.join(ROOT, 'problems/nim/wrong', WRONG), 'utf8');
    const wrong = (await stressToEnd(server, wrongSource, CASES)).run;
    return {
      quiet,
      busy: { ...busyRun, judged },
      wrong: {
        result: wrong.result,
        caseIndex: wrong.counterexample?.caseIndex ?? null,
        inputBytes: wrong.counterexample ? wrong.counterexample.input.length : null,
        shrinkSteps: wrong.counterexample?.shrinkSteps ?? null,
      },
    };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

export function formatStressApiBench(r: StressApiBenchResult): string {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const rate = (v: number) => `${Math.round(v)}/s`.padStart(8);
  const x = (a: number, b: number) => `×${(a / Math.max(b, 1)).toFixed(1)}`;
  const { batched: b, oneCaseARun: o } = r;
  const wrong = (w: StressModeFigures['wrong']) => `${w.result}, first failing case ${w.caseIndex}, shrunk to ${w.inputBytes} bytes in ${w.shrinkSteps} steps`;
  return [
    `machine: ${cpus().length} cores, load average ${r.load.map((v) => v.toFixed(2)).join(' ')} (other work on the machine slows every figure)`,
    `stress through the API, nim small, ${CASES} cases, ${r.threads} judge thread(s), the judge's rate (outside: POST → done):`,
    `                                 batched (outside)            one case a run (outside)   batched / one a run`,
    `  quiet                         ${rate(b.quiet.judgeRate)} (${rate(b.quiet.outsideRate)})   ${rate(o.quiet.judgeRate)} (${rate(o.quiet.outsideRate)})   ${x(b.quiet.judgeRate, o.quiet.judgeRate)}   target ≥ ${TARGET_QUIET}/s: ${met(b.quiet.judgeRate >= TARGET_QUIET)}`,
    `  while 10 submissions judge    ${rate(b.busy.judgeRate)} (${rate(b.busy.outsideRate)})   ${rate(o.busy.judgeRate)} (${rate(o.busy.outsideRate)})   ${x(b.busy.judgeRate, o.busy.judgeRate)}   target ≥ ${TARGET_BUSY}/s: ${met(b.busy.judgeRate >= TARGET_BUSY)}`,
    `    submissions judged meanwhile: ${b.busy.judged} (batched), ${o.busy.judged} (one a run)`,
    `  known-wrong ${WRONG}, batched:       ${wrong(b.wrong)}`,
    `  known-wrong ${WRONG}, one case a run: ${wrong(o.wrong)}   no larger batched: ${met((b.wrong.inputBytes ?? Infinity) <= (o.wrong.inputBytes ?? 0))}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  stressApiBench((line) => console.log(`… ${line}`)).then(
    (r) => {
      console.log(formatStressApiBench(r));
      process.exit(r.ok ? 0 : 1);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
