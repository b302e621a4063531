/**
 * Native programs' run cost, side by side in one run on the same tests (nim's test set, a C++
 * solution compiled by g++ in the runner):
 *
 *  - per-test cost beyond the program's CPU: wall time of a run (as the judge sees it, from the
 *    request to the verdict's facts and output read back) minus the program's CPU time, median
 *    over three warm rounds; target ≤ 3 ms;
 *  - the same for a bare fork + exec of the same binary (a small C loop: fork, exec, wait4, the
 *    input from a file, the output to a file): what starting a process costs on this machine;
 *  - the 38 tests end to end in one sandbox: its load (a new box) and the runs;
 *  - the compile of that solution with g++ -O2 in the runner (information);
 *  - python3 reading 10⁶ numbers with sys.stdin.buffer, in the judge and by a bare fork + exec:
 *    target ≤ 1.2× (its CPU time, what the judge limits; median of 5 after a warm-up run).
 *
 * The runner and the bare fork + exec take turns (round by round; Python run by run), so the
 * machine's other work weighs on both alike.
 *
 *   npx tsx bench/native.bench.ts        (or npm run bench -- native)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadProblem, loadReference } from '../server/problems/registry';
import { buildTestSet } from '../server/problems/testset';
import { createNativeSandbox, nativeSupport, runContained } from '../server/sandbox/native';
import { DEFAULT_OUTPUT_LIMIT } from '../server/sandbox/types';

const TARGET_MS = 3;

const NIM_CPP = `#include <cstdio>
int main() {
  int t;
  if (scanf("%d", &t) != 1) return 1;
  while (t--) {
    int n, x = 0, a;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) { scanf("%d", &a); x ^= a; }
    puts(x ? "Yes" : "No");
  }
}
`;

/**
 * The baseline: fork + exec + wait4 of a command once per input file (input from the file, output
 * to a file), printing "wall_us cpu_us" per run. Usage: fork-exec OUT K INPUT_1..INPUT_K COMMAND...
 */
const FORK_EXEC_C = `#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static long long now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000LL + t.tv_nsec / 1000; }
int main(int argc, char **argv) {
  int k = atoi(argv[2]);
  char **command = argv + 3 + k;
  for (int i = 0; i < k; i++) {
    int in = open(argv[3 + i], O_RDONLY), out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    long long t0 = now_us();
    pid_t p = fork();
    if (p == 0) { dup2(in, 0); dup2(out, 1); execv(command[0], command); _exit(127); }
    int st; struct rusage ru;
    wait4(p, &st, 0, &ru);
    long long wall = now_us() - t0;
    long long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
    printf("%lld %lld\\n", wall, cpu);
    close(in); close(out);
  }
  return 0;
}
`;

/** Python reading 10⁶ numbers the fast way: in the judge as fast as outside it (≤ 1.2×). */
const PY_READ = 'import sys\ndata = sys.stdin.buffer.read().split()\nprint(sum(map(int, data)))\n';
const PY_TARGET = 1.2;

export interface NativeBenchResult {
  tests: number;
  costMs: number;
  baselineCostMs: number;
  loadMs: number;
  runsMs: number;
  compileMs: number;
  /** Python reading 10⁶ numbers: CPU time in the judge and outside, median of 5. */
  pythonInMs: number;
  pythonOutMs: number;
  load: number[];
  ok: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const squash = (s: string) => s.trim().split(/\s+/).join(' ');

export async function nativeBench(log: (line: string) => void = () => {}): Promise<NativeBenchResult> {
  const support = await nativeSupport();
  if (!support.ok) throw new Error(`native programs cannot run here: ${support.reason}`);
  const problem = await loadProblem('nim');
  const tests = buildTestSet(problem, await loadReference('nim', 'fast'));
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-native-bench-'));
  const sandbox = await createNativeSandbox();
  try {
    log(`compiling the C++ nim solution with g++ -O2 in the runner`);
    writeFileSync(path.join(dir, 'main.cpp'), NIM_CPP);
    const c0 = performance.now();
    const compiled = await runContained({
      argv: ['/usr/bin/g++', '-std=gnu++17', '-O2', '-pipe', '-o', '/work/main', '/work/main.cpp'],
      workDir: dir,
      limits: { cpuMs: 30_000, wallMs: 120_000, memoryMb: 1024, outputBytes: 1 << 20, fileBytes: 256 << 20, processes: 16 },
    });
    const compileMs = performance.now() - c0;
    if (compiled.status !== 'ok') throw new Error(`g++: ${compiled.message}\n${compiled.stderr}`);

    log(`per-test cost: ${tests.length} tests, the judge's runner (3 rounds) and a bare fork + exec (3 rounds)`);
    const limits = { ...problem.pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT };
    const l0 = performance.now();
    await sandbox.load({ dir, argv: ['/prog/main'] }, limits);
    const loadMs = performance.now() - l0;
    const r0 = performance.now();
    for (const t of tests) {
      const r = await sandbox.run(t.input);
      if (r.status !== 'ok' || squash(r.stdout) !== squash(t.expected)) throw new Error(`wrong run: ${r.status} ${r.message}`);
    }
    const runsMs = performance.now() - r0;
    // The judge's runner and the bare fork + exec take turns round by round (each round is all the
    // tests), so that the machine's other work weighs on both alike.
    const forkExec = path.join(dir, 'fork-exec');
    writeFileSync(`${forkExec}.c`, FORK_EXEC_C);
    execFileSync('cc', ['-O2', '-o', forkExec, `${forkExec}.c`]);
    const bare = (inputs: string[], command: string[]) =>
      execFileSync(forkExec, [path.join(dir, 'out'), String(inputs.length), ...inputs, ...command], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((line) => line.split(' ').map((v) => Number(v) / 1000) as [number, number]);
    const inputs = tests.map((t, i) => {
      const file = path.join(dir, `in${i}`);
      writeFileSync(file, t.input);
      return file;
    });
    const costs: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const t of tests) {
        const r = await sandbox.run(t.input);
        if (r.status !== 'ok') throw new Error(`run failed: ${r.status} ${r.message}`);
        costs.push(r.wallMs - r.timeMs);
      }
      for (const [wall, cpu] of bare(inputs, [path.join(dir, 'main')])) baseline.push(wall - cpu);
    }

    log('python3 reading 10^6 numbers with sys.stdin.buffer, in the judge and outside, taking turns (5 runs each)');
    const numbers = `${Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_000).join(' ')}\n`;
    const expected = `${Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_000).reduce((a, b) => a + b, 0)}\n`;
    writeFileSync(path.join(dir, 'read.py'), PY_READ);
    writeFileSync(path.join(dir, 'numbers'), numbers);
    await sandbox.load({ dir, argv: ['/usr/bin/python3', '-B', '/prog/read.py'] }, { timeMs: 10_000, memoryMb: 512, outputBytes: DEFAULT_OUTPUT_LIMIT });
    const pyIn: number[] = [];
    const pyOut: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await sandbox.run(numbers);
      if (r.status !== 'ok' || r.stdout !== expected) throw new Error(`python in the judge: ${r.status} ${r.message} ${r.stderr}`);
      const [[, cpu]] = bare([path.join(dir, 'numbers')], ['/usr/bin/python3', '-B', path.join(dir, 'read.py')]) as [[number, number]];
      // The first of each warms the caches.
      if (i > 0) {
        pyIn.push(r.timeMs);
        pyOut.push(cpu);
      }
    }
    const result: NativeBenchResult = {
      tests: tests.length,
      costMs: median(costs),
      baselineCostMs: median(baseline),
      loadMs,
      runsMs,
      compileMs,
      pythonInMs: median(pyIn),
      pythonOutMs: median(pyOut),
      load: loadavg(),
      ok: false,
    };
    result.ok = result.costMs <= TARGET_MS && result.pythonInMs <= PY_TARGET * result.pythonOutMs;
    return result;
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatNativeBench(r: NativeBenchResult): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  return [
    `machine: ${cpus().length} cores, load average ${r.load.map((x) => x.toFixed(2)).join(' ')} (other work on the machine slows every figure)`,
    `per-test cost beyond the program's CPU (wall − CPU), median over 3 × ${r.tests} nim tests:`,
    `  the judge's native runner   ${ms(r.costMs)}   target ≤ ${TARGET_MS} ms: ${r.costMs <= TARGET_MS ? 'met' : 'NOT met'}`,
    `  bare fork + exec            ${ms(r.baselineCostMs)}`,
    `${r.tests} tests in one sandbox: load (a new box) ${r.loadMs.toFixed(0)} ms, runs ${r.runsMs.toFixed(0)} ms`,
    `compile (g++ -O2 in the runner, information): ${r.compileMs.toFixed(0)} ms`,
    `python3 reading 10⁶ numbers (sys.stdin.buffer), CPU time (what is judged), median of 5:`,
    `  in the judge ${ms(r.pythonInMs)}   outside ${ms(r.pythonOutMs)}   ratio ${(r.pythonInMs / r.pythonOutMs).toFixed(2)}×   target ≤ ${PY_TARGET}×: ${r.pythonInMs <= PY_TARGET * r.pythonOutMs ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  nativeBench((line) => console.log(`… ${line}`)).then(
    (r) => {
      console.log(formatNativeBench(r));
      process.exit(r.ok ? 0 : 1);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
