/**
 * The judge's stress runner against the stress loop a competitive programmer writes by hand, side by
 * side in one run on the same cases (problem nim, size small, one seed, the fast reference submitted
 * as the solution):
 *
 *  - the hand loop: a real `bash` loop, per case one `node` for the generator, one for the reference,
 *    one for the solution, then `cmp`. Everything is precompiled to plain CommonJS beforehand (the
 *    generator bundled by esbuild, the programs transpiled by TypeScript) and run with plain `node`,
 *    no tsx: as fast as such a loop honestly gets. Its rate excludes that precompiling.
 *  - the judge: runStress over 3000 cases with a warm compiler and two sandboxes; reported as the
 *    whole call (warm compile of the solution, sandbox load, generation, references, runs), as the
 *    run after compiling, and as the steady rate between the first and last progress events.
 *    Targets: ≥ 1000 cases/s and ≥ 100× the hand loop, both for the whole call.
 *  - shrinking: runStress on `ed` at size medium with a known-wrong solution, several seeds; the time
 *    from the search's last progress event (the first failure found) to the end of the call, and the
 *    input size before and after. Target: every seed under 2 s.
 *
 *   npx tsx bench/stress.bench.ts        (or npm run bench -- stress)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import { createCompiler } from '../server/compile';
import type { Compiler } from '../server/compile/types';
import { loadProblem, loadReference, referenceAsSubmission, ROOT } from '../server/problems/registry';
import type { Size } from '../server/problems/types';
import { createSandbox } from '../server/sandbox';
import { ProcessSandbox } from '../server/sandbox/process-sandbox';
import type { Sandbox } from '../server/sandbox/types';
import { generateCase } from '../server/stress/cases';
import { runStress, type StressEvent } from '../server/stress/stress-run';

const SLUG = 'nim';
const SIZE: Size = 'small';
const SEED = 20240601;
const SHELL_CASES = 40;
const JUDGE_CASES = 3000;
const SHRINK_SLUG = 'ed';
const SHRINK_SIZE: Size = 'medium';
/** The ed solution whose failures take longest to shrink (its counterexamples need SG ≥ 2 pairs). */
const SHRINK_WRONG = 'sg-parity.ts';
const SHRINK_SEEDS = [1, 2, 3, 4, 5];

const TARGET_RATE = 1000;
const TARGET_RATIO = 100;
const TARGET_SHRINK_MS = 2000;

export interface ShrinkFigure {
  seed: number;
  caseIndex: number;
  findMs: number;
  shrinkMs: number;
  bytesBefore: number;
  bytesAfter: number;
  steps: number;
}

export interface StressBenchResult {
  /** cpuMsPerCase: CPU time of every process involved, per case (what the machine's load cannot inflate much). */
  shell: { cases: number; seconds: number; perSecond: number; precompileMs: number; cpuMsPerCase: number };
  judge: {
    cases: number;
    coldCompileMs: number;
    compileMs: number;
    wholeMs: number;
    wholePerSecond: number;
    afterCompilePerSecond: number;
    steadyPerSecond: number;
    cpuMsPerCase: number | null;
  };
  ratio: { whole: number; steady: number };
  shrink: { wrong: string; runs: ShrinkFigure[]; medianMs: number; maxMs: number };
  load: number[];
  ok: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time of a process from /proc (Linux), its own or that of its waited-for descendants, in ms. */
function procCpuMs(pid: number | 'self', which: 'own' | 'children'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
  const [u, s] = which === 'own' ? [fields[11], fields[12]] : [fields[13], fields[14]];
  return ((Number(u) + Number(s)) * 1000) / CLK_TCK;
}

/** Plain CommonJS, as a programmer would get from `tsc --module commonjs`. */
function transpile(source: string): string {
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
}

// The generator a programmer would write against the judge's own code: case i, byte for byte.
const GENERATOR = `import { generateCase } from './server/stress/cases';
import pkg from './problems/${SLUG}/index';
const [seed, index] = process.argv.slice(2).map(Number);
process.stdout.write(pkg.format(generateCase(pkg.arbitrary('${SIZE}'), seed!, index!).value_));
`;

// One process per program per case, as in `for i in ...; do gen > in; ref < in > ans; sol < in > out; cmp; done`.
// Each case keeps its files so the run can be checked afterwards, outside the timing.
const SHELL_LOOP = `set -u
for ((i = $1; i < $2; i++)); do
  "$NODE" gen.cjs "$3" "$i" > "in.$i"
  "$NODE" ref.cjs < "in.$i" > "ans.$i"
  "$NODE" sol.cjs < "in.$i" > "out.$i"
  cmp -s "ans.$i" "out.$i" || { echo "case $i: outputs differ" >&2; exit 1; }
done
`;

async function shellLoop(log: (line: string) => void): Promise<StressBenchResult['shell']> {
  const problem = await loadProblem(SLUG);
  const fast = await loadReference(SLUG, 'fast');
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-stress-bench-'));
  try {
    const t0 = performance.now();
    buildSync({
      stdin: { contents: GENERATOR, resolveDir: ROOT, sourcefile: 'gen.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      outfile: path.join(dir, 'gen.cjs'),
      logLevel: 'error',
    });
    const program = transpile(referenceAsSubmission(SLUG, 'fast'));
    writeFileSync(path.join(dir, 'ref.cjs'), program);
    writeFileSync(path.join(dir, 'sol.cjs'), program);
    const precompileMs = performance.now() - t0;

    // Plain node: none of tsx's loader flags (they live in execArgv, not passed on) nor NODE_OPTIONS.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath };
    delete env.NODE_OPTIONS;
    const loop = (from: number, to: number) => {
      const r = spawnSync('bash', ['-c', SHELL_LOOP, 'stress', String(from), String(to), String(SEED)], { cwd: dir, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`the shell loop failed (exit ${r.status}): ${r.stderr}`);
    };
    log(`hand-written loop: ${SHELL_CASES} cases, 3 node processes + cmp each`);
    loop(SHELL_CASES, SHELL_CASES + 2); // warm the file cache; not timed
    const cpu0 = procCpuMs('self', 'children');
    const t1 = performance.now();
    loop(0, SHELL_CASES);
    const seconds = (performance.now() - t1) / 1000;
    const cpuMsPerCase = (procCpuMs('self', 'children') - cpu0) / SHELL_CASES;

    // The loop must have done the real work: the judge's own inputs, and right answers (two empty
    // outputs would pass cmp too).
    const arb = problem.pkg.arbitrary(SIZE);
    for (let i = 0; i < SHELL_CASES; i++) {
      const input = readFileSync(path.join(dir, `in.${i}`), 'utf8');
      if (input !== problem.pkg.format(generateCase(arb, SEED, i).value_)) throw new Error(`the generator script's case ${i} differs from the judge's`);
      if (readFileSync(path.join(dir, `out.${i}`), 'utf8') !== fast.solve(input)) throw new Error(`the shell loop's solution gave a wrong answer on case ${i}`);
    }
    return { cases: SHELL_CASES, seconds, perSecond: SHELL_CASES / seconds, precompileMs, cpuMsPerCase };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The compiler, with the time of its last compile kept (runStress reports no event when compiling ends). */
function timedCompiler(inner: Compiler): Compiler & { lastMs: number } {
  const timed = {
    lastMs: 0,
    async compile(source: string) {
      const t0 = performance.now();
      const r = await inner.compile(source);
      timed.lastMs = performance.now() - t0;
      return r;
    },
    close: () => inner.close(),
  };
  return timed;
}

async function judgeRun(compiler: Compiler & { lastMs: number }, sandboxes: Sandbox[], log: (line: string) => void) {
  const problem = await loadProblem(SLUG);
  const [fast, brute] = await Promise.all([loadReference(SLUG, 'fast'), loadReference(SLUG, 'brute')]);
  const source = referenceAsSubmission(SLUG, 'fast');

  // The first compile parses the lib declaration files (about 2 s), once per server process.
  let t0 = performance.now();
  const cold = await compiler.compile(source);
  const coldCompileMs = performance.now() - t0;
  if (!cold.ok) throw new Error(cold.diagnostics);

  log(`judge: runStress, ${JUDGE_CASES} cases, ${sandboxes.length} sandboxes`);
  const progress: { t: number; casesRun: number }[] = [];
  // CPU of this process (generator, references, checker) plus the sandboxes' Node processes.
  const sandboxPids = sandboxes.map((s) => (s instanceof ProcessSandbox ? s.nodePid() : null));
  const cpu = () =>
    sandboxPids.every((p) => p !== null) ? sandboxPids.reduce((sum, p) => sum + procCpuMs(p!, 'own'), 0) + (process.cpuUsage().user + process.cpuUsage().system) / 1000 : null;
  const cpu0 = cpu();
  t0 = performance.now();
  const outcome = await runStress({ source, cases: JUDGE_CASES, size: SIZE, seed: SEED }, { compiler, sandboxes, problem, fast, brute }, (e) => {
    if (e.type === 'progress') progress.push({ t: performance.now(), casesRun: e.casesRun });
  });
  const wholeMs = performance.now() - t0;
  const cpu1 = cpu();
  if (outcome.result !== 'passed' || outcome.casesRun !== JUDGE_CASES) throw new Error(`the judge's stress run did not pass: ${outcome.result} ${outcome.error ?? ''}`);
  const first = progress[0]!;
  const last = progress.at(-1)!;
  return {
    cases: JUDGE_CASES,
    coldCompileMs,
    compileMs: compiler.lastMs,
    wholeMs,
    wholePerSecond: JUDGE_CASES / (wholeMs / 1000),
    afterCompilePerSecond: JUDGE_CASES / ((wholeMs - compiler.lastMs) / 1000),
    steadyPerSecond: (last.casesRun - first.casesRun) / ((last.t - first.t) / 1000),
    cpuMsPerCase: cpu0 !== null && cpu1 !== null ? (cpu1 - cpu0) / JUDGE_CASES : null,
  };
}

async function shrinkRuns(compiler: Compiler, sandboxes: Sandbox[], log: (line: string) => void): Promise<ShrinkFigure[]> {
  const problem = await loadProblem(SHRINK_SLUG);
  const [fast, brute] = await Promise.all([loadReference(SHRINK_SLUG, 'fast'), loadReference(SHRINK_SLUG, 'brute')]);
  const wrong = problem.wrong.find((w) => w.name === SHRINK_WRONG);
  if (!wrong) throw new Error(`problems/${SHRINK_SLUG}/wrong/${SHRINK_WRONG} is missing`);
  const arb = problem.pkg.arbitrary(SHRINK_SIZE);
  const figures: ShrinkFigure[] = [];
  for (const seed of SHRINK_SEEDS) {
    log(`shrinking: ${SHRINK_SLUG}/${SHRINK_WRONG} at ${SHRINK_SIZE}, seed ${seed}`);
    const t0 = performance.now();
    // The search ends with its last progress event (the batch holding the first failure); shrinking
    // starts right after, so the time from that event to the end of the call is the shrink.
    let found = t0;
    let shrinking = false;
    const onEvent = (e: StressEvent) => {
      if (e.type === 'shrinking') shrinking = true;
      else if (e.type === 'progress' && !shrinking) found = performance.now();
    };
    const outcome = await runStress({ source: wrong.source, cases: 1000, size: SHRINK_SIZE, seed }, { compiler, sandboxes, problem, fast, brute }, onEvent);
    const end = performance.now();
    const c = outcome.counterexample;
    if (outcome.result !== 'failed' || !c) throw new Error(`expected ${SHRINK_WRONG} to fail at seed ${seed}, got ${outcome.result} ${outcome.error ?? ''}`);
    figures.push({
      seed,
      caseIndex: c.caseIndex,
      findMs: found - t0,
      shrinkMs: end - found,
      bytesBefore: Buffer.byteLength(problem.pkg.format(generateCase(arb, seed, c.caseIndex).value_)),
      bytesAfter: Buffer.byteLength(c.input),
      steps: c.shrinkSteps,
    });
  }
  return figures;
}

export async function stressBench(log: (line: string) => void = () => {}): Promise<StressBenchResult> {
  const shell = await shellLoop(log);
  const compiler = timedCompiler(createCompiler());
  const sandboxes = await Promise.all([createSandbox(), createSandbox()]);
  try {
    const judge = await judgeRun(compiler, sandboxes, log);
    const runs = await shrinkRuns(compiler, sandboxes, log);
    const shrinkTimes = runs.map((r) => r.shrinkMs);
    const result: StressBenchResult = {
      shell,
      judge,
      ratio: { whole: judge.wholePerSecond / shell.perSecond, steady: judge.steadyPerSecond / shell.perSecond },
      shrink: { wrong: `${SHRINK_SLUG}/wrong/${SHRINK_WRONG}`, runs, medianMs: median(shrinkTimes), maxMs: Math.max(...shrinkTimes) },
      load: loadavg(),
      ok: false,
    };
    result.ok = judge.wholePerSecond >= TARGET_RATE && result.ratio.whole >= TARGET_RATIO && result.shrink.maxMs < TARGET_SHRINK_MS;
    return result;
  } finally {
    await Promise.all([compiler.close(), ...sandboxes.map((s) => s.close())]);
  }
}

export function formatStressBench(r: StressBenchResult): string {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const rate = (v: number) => `${Math.round(v)}/s`.padStart(9);
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    `machine: ${cpus().length} cores, load average ${r.load.map((x) => x.toFixed(2)).join(' ')} (other work on the machine slows every figure)`,
    `stress throughput, ${SLUG} size ${SIZE}, seed ${SEED}, the fast reference as the solution (same cases in both):`,
    `  hand loop: bash, node gen | node ref | node sol | cmp   ${rate(r.shell.perSecond)}   (${r.shell.cases} cases in ${r.shell.seconds.toFixed(2)} s; precompile ${ms(r.shell.precompileMs)}, not counted)`,
    `  judge runStress, 2 sandboxes, ${r.judge.cases} cases:`,
    `    whole call (warm compile, load, run)                ${rate(r.judge.wholePerSecond)}   (${ms(r.judge.wholeMs)}, of which compile ${ms(r.judge.compileMs)})   target ≥ ${TARGET_RATE}/s: ${met(r.judge.wholePerSecond >= TARGET_RATE)}`,
    `    after compiling (load + run)                        ${rate(r.judge.afterCompilePerSecond)}`,
    `    steady (first to last progress event)               ${rate(r.judge.steadyPerSecond)}`,
    `    (first compile in the process, parsing lib .d.ts: ${ms(r.judge.coldCompileMs)}, paid once per server start, not counted)`,
    `  ratio judge / hand loop: whole call ${r.ratio.whole.toFixed(0)}×   target ≥ ${TARGET_RATIO}×: ${met(r.ratio.whole >= TARGET_RATIO)};  steady ${r.ratio.steady.toFixed(0)}×`,
    `  CPU time per case, all processes involved: hand loop ${r.shell.cpuMsPerCase.toFixed(0)} ms, judge ${r.judge.cpuMsPerCase === null ? 'n/a' : `${r.judge.cpuMsPerCase.toFixed(2)} ms (whole call; ${(r.shell.cpuMsPerCase / r.judge.cpuMsPerCase).toFixed(0)}× less; with ${cpus().length} idle cores at most ~${Math.round((cpus().length * 1000) / r.judge.cpuMsPerCase)}/s)`}`,
    `shrinking a failing ${SHRINK_SLUG} case from size ${SHRINK_SIZE} (${r.shrink.wrong}):`,
    `  seed  case  find (compile+search)  shrink   input bytes before → after  steps`,
    ...r.shrink.runs.map(
      (s) =>
        `  ${String(s.seed).padStart(4)}  ${String(s.caseIndex).padStart(4)}  ${ms(s.findMs).padStart(21)}  ${ms(s.shrinkMs).padStart(7)}   ${String(s.bytesBefore).padStart(12)} → ${String(s.bytesAfter).padEnd(6)}  ${String(s.steps).padStart(5)}`,
    ),
    `  shrink time: median ${ms(r.shrink.medianMs)}, max ${ms(r.shrink.maxMs)}   target < ${TARGET_SHRINK_MS} ms each: ${met(r.shrink.maxMs < TARGET_SHRINK_MS)}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  stressBench((line) => console.log(`… ${line}`)).then(
    (r) => {
      console.log(formatStressBench(r));
      process.exit(r.ok ? 0 : 1);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
