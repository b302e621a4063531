#!/usr/bin/env node
/**
 * Runs the test suites as separate vitest processes, two at a time on this 2-core machine kind, and
 * prints each one's output whole when it ends (never interleaved). Usage:
 *
 *   node .ci/parallel.mjs NODE24_DIR NODE22_DIR
 *
 * Every test file is in exactly one job per Node version: a file in no named group lands in its
 * folder's job or in "other", so suites added later are run without editing this list. The slow
 * suite (the *.slow.test.ts files, which vitest.config.ts leaves out unless SLOW_TESTS=1) is a job
 * of its own. The solution table is sharded by problem (SOLUTION_SHARD=k/n), so new problem
 * packages spread over the shards.
 *
 * "heavy" jobs keep both cores busy with timed sandbox runs (the sandbox suites, the solution
 * table, the judge's limits and interactive games): two of them never run at the same time, so
 * their CPU-time and idleness verdicts are measured as in a sequential run; a heavy job shares the
 * machine only with a light one (servers, pages, the browser), which mostly waits.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [node24, node22] = process.argv.slice(2);
if (!node24 || !node22) {
  console.error('usage: node .ci/parallel.mjs NODE24_DIR NODE22_DIR');
  process.exit(2);
}
const SLOTS = Number(process.env.CI_SLOTS ?? 2);
const SHARDS = Number(process.env.CI_SOLUTION_SHARDS ?? 2);
const ARTIFACTS = 'test/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}
const all = testFiles('test').sort();
const SOLUTION_TABLE = 'test/judge/solution-table.test.ts';
const HEAVY_JUDGE = ['test/judge/limits.test.ts', 'test/judge/interactive.test.ts'];
/** The slow suite (`npm run test:slow`): seconds of pure computation, outside vitest's default include. */
const SLOW = all.filter((f) => f.endsWith('.slow.test.ts'));
const folder = (f) => f.split('/')[1];

/**
 * The sandbox files with no verdict near a limit (every program is given 10 s and takes
 * milliseconds, or nothing is timed): they compare the sandbox with real Node program by program,
 * or check what the build and the wire carry. They are light: run beside a heavy job, they cannot
 * flip a verdict, and the heavy chain (the run's critical path) is shorter by their minutes.
 */
const SANDBOX_PROGRAMS = ['patched-builtins', 'differential', 'differences-readme', 'io-idioms', 'build-cache', 'run-isolation', 'native-wire'].map((n) => `test/sandbox/${n}.test.ts`);
const sandboxTimed = (f) => folder(f) === 'sandbox' && !SANDBOX_PROGRAMS.includes(f);

/** Node 24: the whole suite. */
const jobs = [];
for (let k = 1; k <= SHARDS; k++) jobs.push({ name: `node24-solution-table-${k}of${SHARDS}`, node: node24, heavy: true, files: [SOLUTION_TABLE], env: { SOLUTION_SHARD: `${k}/${SHARDS}` } });
jobs.push({ name: 'node24-sandbox', node: node24, heavy: true, files: all.filter(sandboxTimed) });
jobs.push({ name: 'node24-sandbox-programs', node: node24, heavy: false, files: SANDBOX_PROGRAMS.filter((f) => all.includes(f)) });
jobs.push({ name: 'node24-judge-heavy', node: node24, heavy: true, files: HEAVY_JUDGE.filter((f) => all.includes(f)) });
// The slow suite is CI's addition beside the whole normal suite: its per-problem loops run every
// 4th problem here (SG_SLOW_SAMPLE_EVERY, test/helpers/shard.ts); `npm run test:slow` runs them all.
jobs.push({ name: 'node24-slow', node: node24, heavy: false, files: SLOW, env: { SLOW_TESTS: '1', SG_SLOW_SAMPLE_EVERY: '4' } });
// The known-wrong stress test (every wrong/ solution of every problem found and shrunk) is the
// longest single file: sharded by problem like the solution table (STRESS_SHARD=k/n).
const KNOWN_WRONG = 'test/stress/known-wrong.test.ts';
for (let k = 1; k <= SHARDS; k++) jobs.push({ name: `node24-known-wrong-${k}of${SHARDS}`, node: node24, heavy: false, files: [KNOWN_WRONG], env: { STRESS_SHARD: `${k}/${SHARDS}` } });
const named = new Set([SOLUTION_TABLE, KNOWN_WRONG, ...HEAVY_JUDGE, ...SLOW, ...all.filter((f) => folder(f) === 'sandbox')]);
// Light jobs, one per folder (browser, integration, problems, ...), largest first.
const byFolder = new Map();
for (const f of all.filter((f) => !named.has(f))) byFolder.set(folder(f), [...(byFolder.get(folder(f)) ?? []), f]);
for (const [dir, files] of [...byFolder].sort((a, b) => b[1].length - a[1].length)) jobs.push({ name: `node24-${dir}`, node: node24, heavy: false, files });
/**
 * Node 22: the suites where the Node version matters: the sandbox (vm contexts, worker threads,
 * resource limits, the permission model), the compiler, and the server's own Node-facing parts
 * (better-sqlite3's native module, HTTP, worker threads, child processes) through the API and JavaScript
 * suites. The problem kit and the pages are plain computation and HTML: Node 24 covers them. So is
 * the native runner (test/sandbox/native-*.test.ts): C, driven by the same Node code on both.
 */
const NODE22_SERVER = ['test/integration/api.test.ts', 'test/integration/javascript.test.ts', 'test/integration/http-without-compiler.test.ts'];
const node22Sandbox = (f) => (folder(f) === 'sandbox' && !path.basename(f).startsWith('native-')) || folder(f) === 'compile';
// The two suites that compare the sandbox with real Node program by program (test/helpers/shard.ts,
// sampled) run every 4th program here: whole, they were half of this job's time, on runtime code
// that is the same on both versions; Node 24 runs them whole.
jobs.push({ name: 'node22-sandbox-compile', node: node22, heavy: true, files: all.filter((f) => node22Sandbox(f) && !SANDBOX_PROGRAMS.includes(f)) });
jobs.push({ name: 'node22-sandbox-programs', node: node22, heavy: false, files: all.filter((f) => node22Sandbox(f) && SANDBOX_PROGRAMS.includes(f)), env: { SG_SAMPLE_EVERY: '4' } });
jobs.push({ name: 'node22-server', node: node22, heavy: false, files: NODE22_SERVER.filter((f) => all.includes(f)) });

// Every Node 24 job's files, together, are every test file exactly once (a sharded file once in all).
const SHARDED = [SOLUTION_TABLE, KNOWN_WRONG];
const covered = [...jobs.filter((j) => j.node === node24 && !SHARDED.includes(j.files[0])).flatMap((j) => j.files), ...SHARDED];
if (new Set(covered).size !== covered.length || covered.length !== all.length) {
  console.error('CI job list does not cover every test file exactly once');
  process.exit(2);
}

/**
 * Heavy jobs first, longest first within each kind (a job's seconds in the fresh-clone run of
 * 2026-12-02 00:00 on this machine kind, beside other work; the jobs split since then estimated
 * from their files' seconds in that run; a job not listed counts as short). The heavy jobs run one
 * at a time, so their chain is the run's critical path unless it starts at once. The other slot
 * takes the light jobs longest first, so that the last ones to start are short and both slots end
 * together.
 */
const SECONDS = {
  'node24-integration': 803, 'node24-browser': 578, 'node24-sandbox': 250, 'node22-sandbox-compile': 236, 'node24-slow': 220,
  'node24-distributed': 241, 'node24-sandbox-programs': 190, 'node24-solution-table-1of2': 188, 'node24-solution-table-2of2': 158,
  'node24-problem-store': 181, 'node24-problems': 159, 'node24-known-wrong-2of2': 152, 'node24-stress': 139,
  'node24-known-wrong-1of2': 91, 'node24-package-format': 85, 'node24-contests': 80, 'node22-sandbox-programs': 66,
  'node24-mistakes': 58, 'node24-judge': 47, 'node24-languages': 45, 'node24-lab': 44, 'node22-server': 27,
  'node24-judge-heavy': 24, 'node24-compile': 16,
};
const order = (j) => (j.heavy ? -1e6 : 0) - (SECONDS[j.name] ?? 10);
// CI_ONLY=word runs only the jobs whose name contains it (to try the runner on a small part).
const queue = jobs.filter((j) => j.files.length > 0 && (!process.env.CI_ONLY || j.name.includes(process.env.CI_ONLY))).sort((a, b) => order(a) - order(b));
// The reports the closing summary reads: a job that wrote none counts as failed there.
writeFileSync(path.join(ARTIFACTS, 'ci-reports.txt'), queue.map((j) => path.join(ARTIFACTS, `vitest-${j.name}.json`)).join('\n') + '\n');
if (process.env.CI_DRY === '1') {
  for (const j of queue) console.log(`${j.name.padEnd(36)} ${j.heavy ? 'heavy' : 'light'}  ${j.files.length} file(s) ${JSON.stringify(j.env ?? {})}`);
  process.exit(0);
}
/**
 * Node's on-disk cache of compiled JavaScript (per Node version, checked against each file's
 * source), shared by every process of every job: the vitest workers, each judge started by a test
 * and its threads, the command-line tools. Each of them otherwise compiles the same modules again
 * (express, better-sqlite3's wrapper, tsx, the server's own code): about a tenth of a judge's start
 * (3.55 -> 3.22 s of CPU for one thread). The sandbox's processes start with an empty environment.
 */
const NODE_COMPILE_CACHE = process.env.NODE_COMPILE_CACHE ?? path.resolve('node_modules/.cache/node-compile-cache');
/**
 * The cgroup v1 cpuacct group this runner is in, when it may make groups under it (root on this
 * machine kind), else null. Each job then runs in a group of its own, and its CPU seconds, counted
 * for every process it started (vitest, the judges, Chromium, Redis, the sandboxes, whose own groups
 * the sandbox makes under the job's), are in the jobs table: beside other work, or two jobs at a
 * time, a job's wall time follows the machine's load, its CPU time much less.
 */
function cpuacctBase() {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8').split('\n').find((l) => (l.split(':')[1] ?? '').split(',').includes('cpuacct'));
    if (!line) return null;
    const dir = path.join('/sys/fs/cgroup/cpuacct', line.split(':').slice(2).join(':'));
    if (!existsSync(path.join(dir, 'cpuacct.usage'))) return null;
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}
const CPUACCT = process.env.CI_CPU_GROUPS === '0' ? null : cpuacctBase();

/** Starts `argv` in a new cpuacct group of its own (the shell joins it, then becomes the command; a job runs even where joining fails); no group: as it is. */
function spawnCounted(job, argv, options) {
  if (!CPUACCT) return { child: spawn(argv[0], argv.slice(1), options), group: null };
  const group = path.join(CPUACCT, `sg-ci-${process.pid}-${job.name}`);
  try {
    mkdirSync(group);
  } catch {
    return { child: spawn(argv[0], argv.slice(1), options), group: null };
  }
  return { child: spawn('/bin/sh', ['-c', 'echo $$ 2>/dev/null > "$0/cgroup.procs"; exec "$@"', group, ...argv], options), group };
}

/** The group's CPU seconds (its processes and every group under it), and the group removed; null without one. */
function cpuSeconds(group) {
  if (!group) return null;
  let seconds = null;
  try {
    seconds = Math.round(Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8')) / 1e9);
    rmdirSync(group);
  } catch {
    // A process the job left running keeps its group: it is only not removed.
  }
  return seconds;
}

const running = new Set();
const results = [];
const t0 = Date.now();

function runJob(job) {
  return new Promise((resolve) => {
    const started = Date.now();
    const report = path.join(ARTIFACTS, `vitest-${job.name}.json`);
    const env = { ...process.env, NODE_COMPILE_CACHE, ...job.env, PATH: `${job.node}/bin:${process.env.PATH}`, npm_config_nodedir: job.node };
    // The Node 22 jobs judge with the machine's Node, as SG_NODE does for npm scripts (docs/install.md).
    if (job.node !== node24) Object.assign(env, { SG_NODE: path.join(job.node, 'bin', 'node'), SG_NODE_PINNED: '0' });
    const { child, group } = spawnCounted(job, [path.join(job.node, 'bin', 'node'), 'node_modules/vitest/vitest.mjs', 'run', ...job.files, `--outputFile.json=${report}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const cpu = cpuSeconds(group);
      writeFileSync(path.join(ARTIFACTS, `${job.name}.log`), out);
      console.log(`\n== ${job.name} (${job.files.length} file(s)): ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s${cpu === null ? '' : `, ${cpu} s of CPU`}`);
      console.log(out.trimEnd());
      results.push({ job, code, seconds, cpu });
      resolve();
    });
  });
}

await new Promise((done) => {
  const pump = () => {
    if (queue.length === 0 && running.size === 0) return done();
    while (running.size < SLOTS) {
      const heavyRunning = [...running].some((j) => j.heavy);
      const i = queue.findIndex((j) => !(j.heavy && heavyRunning));
      if (i < 0) break;
      const [job] = queue.splice(i, 1);
      running.add(job);
      console.log(`-- start ${job.name} at ${Math.round((Date.now() - t0) / 1000)} s`);
      void runJob(job).then(() => {
        running.delete(job);
        pump();
      });
    }
  };
  pump();
});

const cpuTotal = results.every((r) => r.cpu !== null) ? results.reduce((sum, r) => sum + r.cpu, 0) : null;
console.log(`\n== jobs (${Math.round((Date.now() - t0) / 1000)} s in all, ${SLOTS} at a time${cpuTotal === null ? '' : `; ${cpuTotal} s of CPU`})`);
for (const r of results) console.log(`${r.job.name.padEnd(36)} ${r.code === 0 ? 'passed' : 'FAILED'}  ${String(r.seconds).padStart(4)} s${r.cpu === null ? '' : `  ${String(r.cpu).padStart(5)} s CPU`}`);
// CI keeps only the end of this output: the failed tests again, by name, with the start of each message.
for (const r of results.filter((r) => r.code !== 0)) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(ARTIFACTS, `vitest-${r.job.name}.json`), 'utf8'));
  } catch {
    console.log(`\n${r.job.name}: no report (vitest itself failed); its log: ${path.join(ARTIFACTS, `${r.job.name}.log`)}`);
    continue;
  }
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') console.log(`\nFAILED ${r.job.name} ${path.relative('.', file.name)}: ${String(file.message ?? '').split('\n').slice(0, 6).join('\n  ')}`);
    for (const t of failed) {
      console.log(`\nFAILED ${r.job.name} ${path.relative('.', file.name)} > ${t.fullName}`);
      for (const m of t.failureMessages ?? []) console.log('  ' + m.split('\n').slice(0, 8).join('\n  '));
    }
  }
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
