/**
 * The one place languages reach the contained native runner (server/sandbox/native: NativeProgram,
 * NativeSandbox, runContained, nativeSupport). It is loaded on first use, so a judge that never
 * sees a native language never builds or starts it, and a machine where it cannot work reports why.
 */
import type { NativeSupport } from '../sandbox/native/index';

export type { ContainedResult, ContainedRun, LiveHooks, NativeProgram, NativeSandbox } from '../sandbox/native/index';
type NativeModule = typeof import('../sandbox/native/index');
import type { ContainedResult, ContainedRun, NativeSandbox } from '../sandbox/native/index';

/**
 * Where the work directory of a contained run is mounted inside the box: the runner's own
 * BOX_WORK_DIR (server/sandbox/native/box.ts), named here too so that naming it does not load the
 * runner (test/languages/cpp-static.test.ts checks the two agree).
 */
export const BOX_WORK_DIR = '/box';

let loading: Promise<NativeModule | string> | null = null;

/** The native runner, or why it could not be loaded. */
function nativeModule(): Promise<NativeModule | string> {
  loading ??= import('../sandbox/native/index').then(
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
export async function nativeSupport(): Promise<NativeSupport> {
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
