import { afterAll, beforeAll } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { createSandbox } from '../../server/sandbox';
import { DEFAULT_OUTPUT_LIMIT, type RunLimits, type RunResult, type Sandbox } from '../../server/sandbox/types';

/**
 * Generous by default: a test that is not about time must not get TLE because the machine is busy
 * (the wall-clock watchdog stops a run at 2 × limit + 300 ms, which a starved process can reach).
 * Tests of TLE pass their own small limit.
 */
export const LIMITS: RunLimits = { timeMs: 10_000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT };

export interface Judge {
  compiler: Compiler;
  sandbox: Sandbox;
  /** Compiles (a compilation error fails the test), loads and runs one input. */
  run(source: string, input?: string, limits?: Partial<RunLimits>): Promise<RunResult>;
  /** Compiles and loads, for several runs of one program. */
  load(source: string, limits?: Partial<RunLimits>): Promise<void>;
}

/** A real compiler and a real sandbox process, shared by the tests of one file. */
export function useJudge(): Judge {
  const judge = {} as Judge;
  beforeAll(async () => {
    judge.compiler = createCompiler();
    judge.sandbox = await createSandbox();
  });
  afterAll(async () => {
    await judge.sandbox?.close();
    await judge.compiler?.close();
  });
  judge.load = async (source, limits = {}) => {
    const compiled = await judge.compiler.compile(source);
    if (!compiled.ok) throw new Error(`compilation failed:\n${compiled.diagnostics}`);
    await judge.sandbox.load(compiled.js, { ...LIMITS, ...limits });
  };
  judge.run = async (source, input = '', limits = {}) => {
    await judge.load(source, limits);
    return judge.sandbox.run(input);
  };
  return judge;
}

/** A short description of a run for assertion messages. */
export function show(r: RunResult): string {
  const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);
  return `status=${r.status} exit=${r.exitCode} time=${r.timeMs.toFixed(1)}ms mem=${r.memoryKb}KiB\nmessage: ${r.message}\nstdout: ${clip(r.stdout)}\nstderr: ${clip(r.stderr)}`;
}
