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
 *  - the compile of that solution with g++ -O2 in the runner (information).
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

/** The baseline: fork + exec + wait4 of a binary per input file, printing "wall_us cpu_us" per run. */
const FORK_EXEC_C = `#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static long long now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000LL + t.tv_nsec / 1000; }
int main(int argc, char **argv) {
  for (int i = 3; i < argc; i++) {
    int in = open(argv[i], O_RDONLY), out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    long long t0 = now_us();
    pid_t p = fork();
    if (p == 0) { dup2(in, 0); dup2(out, 1); execl(argv[1], argv[1], (char *)0); _exit(127); }
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

export interface NativeBenchResult {
  tests: number;
  costMs: number;
  baselineCostMs: number;
  loadMs: number;
  runsMs: number;
  compileMs: number;
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
    const costs: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const t of tests) {
        const r = await sandbox.run(t.input);
        if (r.status !== 'ok') throw new Error(`run failed: ${r.status} ${r.message}`);
        costs.push(r.wallMs - r.timeMs);
      }
    }

    const forkExec = path.join(dir, 'fork-exec');
    writeFileSync(`${forkExec}.c`, FORK_EXEC_C);
    execFileSync('cc', ['-O2', '-o', forkExec, `${forkExec}.c`]);
    const inputs = tests.map((t, i) => {
      const file = path.join(dir, `in${i}`);
      writeFileSync(file, t.input);
      return file;
    });
    const baseline: number[] = [];
    for (let round = 0; round < 3; round++) {
      const lines = execFileSync(forkExec, [path.join(dir, 'main'), path.join(dir, 'out'), ...inputs], { encoding: 'utf8' }).trim().split('\n');
      for (const line of lines) {
        const [wall, cpu] = line.split(' ').map(Number);
        baseline.push((wall! - cpu!) / 1000);
      }
    }
    const result: NativeBenchResult = { tests: tests.length, costMs: median(costs), baselineCostMs: median(baseline), loadMs, runsMs, compileMs, load: loadavg(), ok: false };
    result.ok = result.costMs <= TARGET_MS;
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
