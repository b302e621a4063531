import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createNativeSandbox, NativeSandbox, nativeSupport, runContained } from '../../server/sandbox/native';
import { boxHelper } from '../../server/sandbox/native/helper';
import { DEFAULT_OUTPUT_LIMIT, type RunLimits, type RunResult } from '../../server/sandbox/types';

/**
 * The native runner's tests run real programs, compiled by the real g++ inside the runner itself.
 * Where the runner cannot work (not root, no C compiler) they are skipped, except on CI
 * (CI=true or SG_EXPECT_LAYERS=1), where that fails.
 */
export const support = await nativeSupport();
if (!support.ok && (process.env.CI === 'true' || process.env.SG_EXPECT_LAYERS === '1')) throw new Error(`the native runner is expected here: ${support.reason}`);
export const unsupported = !support.ok;
const helper = await boxHelper();
const helperPath = () => {
  if (!helper.ok) throw new Error(helper.reason);
  return helper.path;
};

export const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'native');
export const LIMITS: RunLimits = { timeMs: 500, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT };

/** The compiler's limits as a judge would give them: 30 s of CPU, 1 GiB, a few processes. */
export const COMPILE_LIMITS = { cpuMs: 30_000, wallMs: 120_000, memoryMb: 1024, outputBytes: 1 << 20, fileBytes: 256 << 20, processes: 16 };

/** Compiles a C++ file with g++ in the runner; the program's directory (removed after the file's tests). */
export async function compileCpp(source: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-native-test-'));
  writeFileSync(path.join(dir, 'main.cpp'), source);
  const r = await runContained({ argv: ['/usr/bin/g++', '-std=gnu++17', '-O2', '-pipe', '-o', '/box/main', '/box/main.cpp', '-lpthread'], workDir: dir, limits: COMPILE_LIMITS });
  if (r.status !== 'ok') throw new Error(`g++ failed: ${r.status} ${r.message}\n${r.stderr}`);
  return dir;
}

export const show = (r: RunResult) => `${r.status} (exit ${r.exitCode}, ${r.timeMs.toFixed(0)} ms CPU, ${r.wallMs.toFixed(0)} ms wall, ${r.memoryKb} KiB): ${r.message ?? ''} ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`;

/**
 * Processes still in the box's cgroup (none once a run is over) but the box's own init, listed
 * there for its forker thread (box.c): the runner's helper binary, which no program can run (it
 * is not inside the box).
 */
export function groupProcesses(sandbox: NativeSandbox): number[] {
  const isHelper = (pid: number) => {
    try {
      return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('box-');
    } catch {
      return false;
    }
  };
  return [...new Set(sandbox.groupPaths().flatMap((g) => readFileSync(path.join(g, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number)))].filter((p) => !isHelper(p));
}

/** The runner's helper processes this test process started and that still run (not zombies). */
export function helperProcesses(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      if (Number(fields[1]) === process.pid && path.basename(readlinkSync(`/proc/${entry}/exe`)).startsWith('box-')) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A fixture compiled once per test file (its directory removed when the file's tests end). */
const compiled = new Map<string, Promise<string>>();
function compiledFixture(file: string): Promise<string> {
  if (!compiled.has(file)) compiled.set(file, compileCpp(readFileSync(path.join(FIXTURES, file), 'utf8')));
  return compiled.get(file)!;
}
afterAll(async () => {
  for (const dir of compiled.values()) rmSync(await dir, { recursive: true, force: true });
});

/** A sandbox with one compiled program loaded, shared by a file's tests, checked empty after each run. */
export function useNativeProgram(file: string, limits: Partial<RunLimits> = {}, options: { cgroup?: boolean } = {}) {
  const state = {} as { sandbox: NativeSandbox; dir: string };
  beforeAll(async () => {
    if (unsupported) return;
    state.dir = await compiledFixture(file);
    state.sandbox = options.cgroup === false ? new NativeSandbox(helperPath(), { cgroup: false }) : await createNativeSandbox();
    await state.sandbox.load({ dir: state.dir, argv: ['/prog/main'] }, { ...LIMITS, ...limits });
  }, 180_000);
  afterAll(async () => {
    if (unsupported) return;
    const groups = state.sandbox.groupPaths();
    await state.sandbox.close();
    expect(helperProcesses(), 'no helper process is left once the sandbox is closed').toEqual([]);
    expect(groups.filter((g) => readdirSafe(g)), 'no cgroup is left once the sandbox is closed').toEqual([]);
  });
  return {
    state,
    async run(input: string): Promise<RunResult> {
      const r = await state.sandbox.run(input);
      expect(groupProcesses(state.sandbox), `nothing of the run is left running after ${JSON.stringify(input.slice(0, 30))}`).toEqual([]);
      return r;
    },
  };
}

const readdirSafe = (dir: string) => {
  try {
    readdirSync(dir);
    return true;
  } catch {
    return false;
  }
};
