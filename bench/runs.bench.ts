/**
 * What one run costs, the three figures of issue 33 §3 side by side in one run (problem nim, its
 * tests, the accepted solution):
 *
 *  - bare warm run: the tests on a warm sandbox called directly (no queue, no thread, no storage),
 *    wall time minus the program's CPU time, per test, median of 5 rounds; target ≤ 1.5 ms;
 *  - end to end: a submission through the real server's API (one judge thread), stored → done
 *    minus its tests' CPU time, per test, median of 10 warm submissions; target ≤ 2.5 ms;
 *  - a fresh `node` per test, the same compiled JavaScript, wall time minus the test's CPU time as
 *    the sandbox measured it, per test; target: end to end ≥ 5× less.
 *
 * Beside them, where a submission's time goes: a judge queue run in this process on its own
 * database (the same judge thread, compiler and sandbox code), 10 warm submissions back to back (a
 * queue with work waiting, as in a class): the pick-up, compile and type-check, the sandbox load,
 * the tests less their CPU time, and the last result to the stored verdict, each a median.
 *
 * With SG_BENCH_BASELINE=<another checkout> (say, main's code unpacked with `git archive` beside a
 * link to this node_modules), the same figures are measured on that checkout's code first, in the
 * same process and minutes, and printed beside this checkout's.
 *
 *   npx tsx bench/runs.bench.ts        (or npm run bench -- runs)
 */
import { medianBreakdown, queueBreakdown, type Breakdown } from './queue-breakdown';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_BARE_MS = 1.5;
const TARGET_END_TO_END_MS = 2.5;
const TARGET_RATIO = 5;
const WARM_SUBMISSIONS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Where one warm submission's time goes, seen from the main thread, ms (medians). */
export type RunsBreakdown = Breakdown;

export interface RunsFigures {
  root: string;
  breakdown: RunsBreakdown;
  tests: number;
  bareMs: number;
  /** The median test's (wall − CPU) over all rounds: what a run costs without the load's outliers. */
  bareMedianMs: number;
  endToEndMs: number;
  freshNodeMs: number;
  ratio: number;
}

/** A checkout's modules, loaded from that checkout (so a baseline runs its own sandbox and server). */
async function modulesOf(root: string) {
  const load = <T>(rel: string) => import(pathToFileURL(path.join(root, rel)).href) as Promise<T>;
  return {
    compile: await load<typeof import('../server/compile')>('server/compile/index.ts'),
    sandbox: await load<typeof import('../server/sandbox')>('server/sandbox/index.ts'),
    types: await load<typeof import('../server/sandbox/types')>('server/sandbox/types.ts'),
    registry: await load<typeof import('../server/problems/registry')>('server/problems/registry.ts'),
    testset: await load<typeof import('../server/problems/testset')>('server/problems/testset.ts'),
    solutions: await load<typeof import('../test/helpers/solutions')>('test/helpers/solutions.ts'),
    server: await load<typeof import('../test/helpers/server')>('test/helpers/server.ts'),
    client: await load<typeof import('../test/helpers/judge-client')>('test/helpers/judge-client.ts'),
    db: await load<typeof import('../server/storage/db')>('server/storage/db.ts'),
    importer: await load<typeof import('../server/import/import')>('server/import/import.ts'),
    events: await load<typeof import('../server/queue/events')>('server/queue/events.ts'),
    queue: await load<typeof import('../server/queue/judge-queue')>('server/queue/judge-queue.ts'),
    submissions: await load<typeof import('../server/storage/submissions')>('server/storage/submissions.ts'),
  };
}

function runInFreshNode(file: string, input: string): Promise<{ wallMs: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', () => resolve({ wallMs: performance.now() - t0, stdout }));
    child.stdin.end(input);
  });
}

export async function measureRuns(root: string, log: (line: string) => void = () => {}): Promise<RunsFigures> {
  const m = await modulesOf(root);
  const problem = await m.registry.loadProblem('nim');
  const tests = m.testset.buildTestSet(problem, await m.registry.loadReference('nim', 'fast')).map((t) => ({ input: t.input, expected: t.expected }));
  const source = m.solutions.acceptedNim();

  // 1. Bare warm runs.
  log(`${root}: ${tests.length} nim tests on a warm sandbox, 5 rounds`);
  const compiler = m.compile.createCompiler();
  const sandbox = await m.sandbox.createSandbox();
  const cpuByTest: number[][] = tests.map(() => []);
  const rounds: number[] = [];
  const each: number[] = [];
  let js: string;
  try {
    const compiled = await compiler.compile(source);
    if (!compiled.ok) throw new Error(compiled.diagnostics);
    js = compiled.js;
    await sandbox.load(js, { ...problem.pkg.limits, outputBytes: m.types.DEFAULT_OUTPUT_LIMIT });
    for (const t of tests.slice(0, 5)) await sandbox.run(t.input);
    for (let round = 0; round < 5; round++) {
      let over = 0;
      for (let i = 0; i < tests.length; i++) {
        const r = await sandbox.run(tests[i]!.input);
        if (r.status !== 'ok') throw new Error(`run failed on test ${i + 1}: ${r.status} ${r.message}`);
        over += r.wallMs - r.timeMs;
        each.push(r.wallMs - r.timeMs);
        cpuByTest[i]!.push(r.timeMs);
      }
      rounds.push(over / tests.length);
    }
  } finally {
    await sandbox.close();
    await compiler.close();
  }

  // 2. A fresh node per test.
  log(`${root}: a fresh node per test`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-bench-runs-'));
  const fresh: number[] = [];
  try {
    const file = path.join(dir, 'solution.cjs');
    writeFileSync(file, `const module_ = { exports: {} };\n(${js})(module_.exports, require, module_, __filename, __dirname).catch((e) => { console.error(e); process.exit(1); });\n`);
    for (let i = 0; i < tests.length; i++) {
      const r = await runInFreshNode(file, tests[i]!.input);
      if (r.stdout.trim().split(/\s+/).join(' ') !== tests[i]!.expected.trim().split(/\s+/).join(' ')) throw new Error(`a fresh node gave a wrong answer on test ${i + 1}`);
      fresh.push(r.wallMs - median(cpuByTest[i]!));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // 3. End to end through the API.
  log(`${root}: through the API, one judge thread, 1 + ${WARM_SUBMISSIONS} submissions`);
  const server = await m.server.startServer({ workers: 1 });
  const perTest: number[] = [];
  try {
    await server.waitForLog(/judge thread 0 ready/, 120_000);
    for (let i = 0; i <= WARM_SUBMISSIONS; i++) {
      const id = await m.client.submit(server.url, 'nim', source);
      const s = await m.client.waitForVerdict(server.url, id);
      if (s.verdict !== 'AC') throw new Error(`expected AC, got ${s.verdict}`);
      const times = (await m.client.getSubmission(server.url, id)) as unknown as { createdAt: string; finishedAt: string };
      const cpu = s.tests.reduce((a, t) => a + t.timeMs, 0);
      if (i > 0) perTest.push((Date.parse(times.finishedAt) - Date.parse(times.createdAt) - cpu) / s.tests.length);
    }
  } finally {
    await server.stop();
    m.server.removeDataDir(server.dataDir);
  }

  // 4. Where the time goes.
  log(`${root}: the breakdown, a judge queue in this process, one thread, 1 + ${WARM_SUBMISSIONS} submissions back to back`);
  const breakdown = await breakdownOf(m, source);

  const endToEndMs = median(perTest);
  const freshNodeMs = median(fresh);
  return { root, breakdown, tests: tests.length, bareMs: median(rounds), bareMedianMs: median(each), endToEndMs, freshNodeMs, ratio: freshNodeMs / endToEndMs };
}

async function breakdownOf(m: Awaited<ReturnType<typeof modulesOf>>, source: string): Promise<RunsBreakdown> {
  const runs = await queueBreakdown(m, Array.from({ length: WARM_SUBMISSIONS + 1 }, () => ({ source, language: 'typescript' as const })));
  // The thread's first real submission is not warm.
  return medianBreakdown(runs.slice(1));
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
export const runsOk = (r: RunsFigures) => r.bareMs <= TARGET_BARE_MS && r.endToEndMs <= TARGET_END_TO_END_MS && r.ratio >= TARGET_RATIO;

export function formatRuns(after: RunsFigures, before: RunsFigures | null): string {
  const col = (f: (r: RunsFigures) => string) => (before ? `${f(before).padStart(12)}  ` : '') + f(after).padStart(12);
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  return [
    `machine: ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (other work on the machine slows every figure)`,
    `nim, ${after.tests} tests, the accepted solution; per test, beyond the program's CPU time`,
    `${''.padEnd(36)}${before ? `${'before'.padStart(12)}  ` : ''}${'this code'.padStart(12)}`,
    `bare warm run (sandbox called directly)  ${col((r) => ms(r.bareMs))}   target ≤ ${TARGET_BARE_MS} ms: ${met(after.bareMs <= TARGET_BARE_MS)}`,
    `  the median test                      ${col((r) => ms(r.bareMedianMs))}`,
    `end to end through the API               ${col((r) => ms(r.endToEndMs))}   target ≤ ${TARGET_END_TO_END_MS} ms: ${met(after.endToEndMs <= TARGET_END_TO_END_MS)}`,
    `a fresh node per test                    ${col((r) => ms(r.freshNodeMs))}`,
    `fresh node ÷ end to end                  ${col((r) => `${r.ratio.toFixed(1)}×`)}   target ≥ ${TARGET_RATIO}×: ${met(after.ratio >= TARGET_RATIO)}`,
    `where a submission's time goes (a judge queue in this process, ${WARM_SUBMISSIONS} warm submissions back to back, medians):`,
    `  stored → done                        ${col((r) => ms(r.breakdown.total))}`,
    `  the tests' CPU time                  ${col((r) => ms(r.breakdown.cpu))}`,
    `  queue pick-up (→ compiling)          ${col((r) => ms(r.breakdown.pickUp))}`,
    `  compile + type-check                 ${col((r) => ms(r.breakdown.compile))}`,
    `  sandbox load (→ first test told)     ${col((r) => ms(r.breakdown.load))}`,
    `  tests, less their CPU time           ${col((r) => ms(r.breakdown.tests))}`,
    `    per test                           ${col((r) => ms(r.breakdown.tests / r.tests))}`,
    `  last result → done                   ${col((r) => ms(r.breakdown.final))}`,
    `  overhead per test (done − CPU)       ${col((r) => ms((r.breakdown.total - r.breakdown.cpu) / r.tests))}`,
    ...(before ? [`before: ${before.root}`] : []),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void (async () => {
    try {
      const log = (line: string) => console.log(`… ${line}`);
      const baseline = process.env.SG_BENCH_BASELINE;
      const before = baseline ? await measureRuns(path.resolve(baseline), log) : null;
      const after = await measureRuns(path.join(here, '..'), log);
      console.log(formatRuns(after, before));
      process.exit(runsOk(after) ? 0 : 1);
    } catch (e) {
      console.error(e);
      process.exit(2);
    }
  })();
}
