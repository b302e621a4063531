/**
 * One contained run of any command: a compiler, a language's self-test, a package's validator or
 * checker. A box of its own, set up for this run (its work directory read-write at BOX_WORK_DIR,
 * the given files read-only), with the caller's limits; gone with everything in it afterwards.
 */
import { chownSync } from 'node:fs';
import type { RunResult } from '../types';
import { Box, type Bind } from './box';
import { execute, openGroup } from './execute';
import { boxHelper } from './helper';
import { BOX_WORK_DIR } from './native-sandbox';
import { runnerFailure } from './verdict';

const MiB = 1024 * 1024;
/** The unprivileged user every program in a box runs as (box.c's NOBODY). */
const SANDBOX_UID = 65534;

export interface ContainedRun {
  argv: string[];
  /** Host dir mounted read-write at BOX_WORK_DIR ('/work'): the compiler's output goes here. */
  workDir?: string;
  /** Extra read-only binds: host path -> path inside the box (a checker's input/answer files, a PCH dir). */
  readOnly?: { host: string; box: string }[];
  stdin?: string;
  limits: { cpuMs: number; wallMs: number; memoryMb: number; outputBytes: number; fileBytes: number; processes: number };
  env?: Record<string, string>;
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
  const binds: Bind[] = [...(run.workDir ? [{ host: run.workDir, box: BOX_WORK_DIR, rw: true }] : []), ...(run.readOnly ?? []).map((b) => ({ ...b, rw: false }))];
  let group;
  try {
    // The command runs as the sandbox's user: its work directory is that user's (only the box sees it).
    if (run.workDir) chownSync(run.workDir, SANDBOX_UID, SANDBOX_UID);
    group = openGroup(limits.memoryMb, limits.processes);
  } catch (e) {
    return runnerFailure(`the run could not be prepared: ${(e as Error).message}`);
  }
  let box: Box | null = null;
  try {
    box = await Box.start({ helper: helper.path, binds, cgroup: group, tmpMb: Math.max(1, Math.ceil(limits.fileBytes / MiB)) });
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
      { input: run.stdin ?? '' },
    );
  } catch (e) {
    return runnerFailure((e as Error).message);
  } finally {
    await box?.close();
    await group?.destroy();
  }
}
