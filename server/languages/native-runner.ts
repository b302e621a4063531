/**
 * The one place languages reach the contained native runner (server/sandbox/native, built by its
 * own module; the contract is NativeProgram / NativeSandbox / runContained / nativeSupport). It is
 * loaded on first use, so a judge that never sees a native language never starts it, and a machine
 * where it cannot work reports why instead of failing.
 */
import type { LiveSession, RunLimits, RunResult } from '../sandbox/types';

/** A compiled program ready to run: its directory is mounted read-only at BOX_PROGRAM_DIR. */
export interface NativeProgram {
  dir: string;
  argv: string[];
  env?: Record<string, string>;
}

export interface NativeSandbox {
  load(program: NativeProgram, limits: RunLimits, person?: string | null): Promise<void>;
  run(input: string): Promise<RunResult>;
  runBatch(inputs: string[]): Promise<RunResult[]>;
  play(session: LiveSession): Promise<RunResult>;
  release(): void;
  close(): Promise<void>;
}

export interface ContainedRun {
  argv: string[];
  workDir?: string;
  readOnly?: { host: string; box: string }[];
  stdin?: string;
  limits: { cpuMs: number; wallMs: number; memoryMb: number; outputBytes: number; fileBytes: number; processes: number };
  env?: Record<string, string>;
}
export type ContainedResult = RunResult & { signal?: string };

interface NativeModule {
  BOX_PROGRAM_DIR: string;
  BOX_WORK_DIR?: string;
  createNativeSandbox(): Promise<NativeSandbox>;
  runContained(run: ContainedRun): Promise<ContainedResult>;
  nativeSupport(): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/** Where the work directory of a contained run is mounted (the contract's BOX_WORK_DIR). */
export const BOX_WORK_DIR = '/work';

let loading: Promise<NativeModule | string> | null = null;

/** The native runner, or why it is not there. */
function nativeModule(): Promise<NativeModule | string> {
  // A computed specifier: the runner is its own module, absent from builds that predate it.
  const specifier = '../sandbox/native/index';
  loading ??= (import(specifier) as Promise<NativeModule>).then(
    (m) => m,
    (e: unknown) => `the contained native runner could not be loaded (${e instanceof Error ? e.message : String(e)})`,
  );
  return loading;
}

async function runner(): Promise<NativeModule> {
  const m = await nativeModule();
  if (typeof m === 'string') throw new Error(m);
  return m;
}

/** Whether native programs can run here: the runner is present and says it works. */
export async function nativeSupport(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const m = await nativeModule();
  if (typeof m === 'string') return { ok: false, reason: m };
  try {
    return await m.nativeSupport();
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

export async function runContained(run: ContainedRun): Promise<ContainedResult> {
  return (await runner()).runContained(run);
}

export async function createNativeSandbox(): Promise<NativeSandbox> {
  return (await runner()).createNativeSandbox();
}

/** Where a program's directory is seen inside the box ('/prog'). */
export async function boxProgramDir(): Promise<string> {
  return (await runner()).BOX_PROGRAM_DIR;
}
