/**
 * One run in a box, as the judge asks for it: the request built from the limits (every derived
 * limit from server/rules/limits.ts), the facts turned into a RunResult, and a run that the wall
 * net stopped while it kept computing (a loaded machine) run again, as the TypeScript sandbox does.
 */
import { detectLayers, Cgroup } from '../layers';
import { cpuBackstopSeconds, WALL_RERUNS } from '../../rules/limits';
import type { Box, LiveHooks } from './box';
import { resultOf, runnerFailure, type NativeLimits, type NativeRunResult } from './verdict';

const MiB = 1024 * 1024;

/** What runs: argv and environment inside the box, and its working directory there. */
export interface Command {
  argv: string[];
  env?: Record<string, string>;
  cwd: string;
}

export interface ExecuteLimits extends NativeLimits {
  /** The wall net (before the run-queue wait and the interactor's time are taken off), ms. */
  wallMs: number;
  processes: number;
  /** How long the helper may take to answer, ms. */
  safetyMs: number;
}

/** Set by the runner for every program; a program's own env may add to it, not remove PATH. */
const BASE_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: '/tmp', TMPDIR: '/tmp' };

/** A memory + pids (+ v1 cpuacct) group for one box, or null where no cgroup is writable. */
export function openGroup(memoryMb: number, tasks: number): Cgroup | null {
  const support = detectLayers().cgroup;
  if (!support) return null;
  const group = new Cgroup(support, { pidsMax: tasks, cpuacct: true });
  limitGroup(group, memoryMb);
  return group;
}

/** The group's memory limit: exactly the program's (its peak resident memory is what counts), no swap. */
export function limitGroup(group: Cgroup, memoryMb: number): void {
  // memsw may not be below the memory limit: set around it, whichever way the limit moves.
  group.forbidSwap(memoryMb * MiB);
  group.setMemoryLimit(memoryMb * MiB);
  group.forbidSwap(memoryMb * MiB);
}

export async function execute(box: Box, command: Command, limits: ExecuteLimits, io: { input?: string | Buffer; live?: LiveHooks; interactorMs?: () => number }): Promise<NativeRunResult> {
  for (let attempt = 1; ; attempt++) {
    const t0 = performance.now();
    const outcome = await box.run(
      {
        cpuMs: Math.max(1, Math.ceil(limits.timeMs)),
        cpuBackstopS: cpuBackstopSeconds(limits),
        wallMs: limits.wallMs,
        memoryKb: limits.memoryMb * 1024,
        // One byte past the output cap, so a program that writes more than the cap is seen doing so.
        fileBytes: Math.max(limits.fileBytes, limits.outputBytes) + 1,
        outputBytes: limits.outputBytes,
        processes: limits.processes,
        live: io.live !== undefined,
        cwd: command.cwd,
        argv: command.argv,
        env: { ...command.env, ...BASE_ENV, ...(command.env?.PATH && { PATH: command.env.PATH }) },
      },
      { input: io.input, live: io.live, safetyMs: limits.safetyMs, readLimit: limits.outputBytes },
    );
    const wallMs = performance.now() - t0;
    if (!outcome.ok) return runnerFailure(outcome.reason, wallMs);
    const result = resultOf(outcome.facts, outcome.stdout, outcome.stderr, limits, wallMs, io.interactorMs?.() ?? 0);
    // A live dialogue cannot be replayed.
    if (result.wallUnsure && result.status === 'tle' && attempt <= WALL_RERUNS && !io.live) continue;
    delete result.wallUnsure;
    return result;
  }
}
