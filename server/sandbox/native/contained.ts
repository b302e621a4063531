/**
 * One contained run of any command: a compiler, a language's self-test, a package's validator or
 * checker. A box of its own, set up for this run (its work directory read-write at BOX_WORK_DIR,
 * the given files read-only), with the caller's limits; gone with everything in it afterwards.
 */
import type { RunResult } from '../types';
import { Box, openToSandboxUser, type Bind, type LiveHooks } from './box';
import { execute, openGroup } from './execute';
import { boxHelper } from './helper';
import { BOX_WORK_DIR } from './native-sandbox';
import { runnerFailure } from './verdict';

const MiB = 1024 * 1024;


export interface ContainedRun {
  argv: string[];
  /**
   * Host dir worked on at BOX_WORK_DIR ('/box'): its files are there at the start, and what the
   * command leaves there (the compiler's output) is copied back after it, up to `fileBytes` in all.
   */
  workDir?: string;
  /** Extra read-only binds: host path -> path inside the box (a checker's input/answer files, a PCH dir). */
  readOnly?: { host: string; box: string }[];
  stdin?: string;
  limits: { cpuMs: number; wallMs: number; memoryMb: number; outputBytes: number; fileBytes: number; processes: number };
  env?: Record<string, string>;
  /**
   * A dialogue instead of `stdin`: input fed and output read while the command runs (a package's
   * interactor, relayed to a player in another box). Its work directory is copied back at its end
   * as for any run (the feedback files).
   */
  live?: LiveHooks;
  /** Stops the command (the run then ends as the judge's stop). */
  stop?: AbortSignal;
}

export interface ContainedResult extends RunResult {
  /** The signal that ended the command (e.g. 'SIGSEGV'), when one did. */
  signal?: string;
}

/** How long past its wall net a contained run's helper may take to answer before it is killed (IE). */
const ANSWER_GRACE_MS = 10_000;

export async function runContained(run: ContainedRun): Promise<ContainedResult> {
  const helper = await boxHelper();
  if (!helper.ok) return runnerFailure(helper.reason);
  const { limits } = run;
  const binds: Bind[] = (run.readOnly ?? []).map((b) => ({ ...b, rw: false }));
  let group;
  try {
    for (const b of run.readOnly ?? []) openToSandboxUser(b.host);
    group = openGroup(limits.memoryMb, limits.processes);
  } catch (e) {
    return runnerFailure(`the run could not be prepared: ${(e as Error).message}`);
  }
  let box: Box | null = null;
  try {
    // The work directory is a tmpfs of the file cap in the box, copied back after the run: a
    // command filling it fills its own memory (its cgroup counts the tmpfs), never the judge's disk.
    const mb = Math.max(1, Math.ceil(limits.fileBytes / MiB));
    box = await Box.start({ helper: helper.path, binds, cgroup: group, tmpMb: mb, ...(run.workDir && { work: { host: run.workDir, mb } }) });
    const started = box;
    run.stop?.addEventListener('abort', () => started.stopRun(), { once: true });
    if (run.stop?.aborted) return runnerFailure('the run was stopped by the judge');
    return await execute(
      box,
      { argv: run.argv, env: run.env, cwd: run.workDir ? BOX_WORK_DIR : '/tmp' },
      {
        timeMs: limits.cpuMs,
        memoryMb: limits.memoryMb,
        outputBytes: limits.outputBytes,
        fileBytes: limits.fileBytes,
        wallMs: limits.wallMs,
        processes: limits.processes,
        // The wall net may be stretched by the run-queue wait; the helper answers soon after either.
        safetyMs: 3 * limits.wallMs + ANSWER_GRACE_MS,
      },
      run.live ? { live: run.live } : { input: run.stdin ?? '' },
    );
  } catch (e) {
    return runnerFailure((e as Error).message);
  } finally {
    await box?.close();
    await group?.destroy();
  }
}
