/**
 * A native run's facts (from the box helper) turned into the sandbox's RunResult, by the same rules
 * as a TypeScript run: TLE by the CPU time of every thread and child, the wall clock only a net
 * for a program that sleeps or blocks; MLE by peak memory or the out-of-memory killer, never RE
 * for a memory kill; OLE at the output cap (or a file over the file cap); RE naming the signal or
 * the exit code; IE only when the runner itself failed. When several hold, the verdict table's
 * precedence decides (server/rules/verdicts.ts).
 */
import { constants } from 'node:os';
import { worstStatus, type RunStatus } from '../../rules/verdicts';
import { sandboxSaid, type SandboxSaid } from '../../text/sandbox-messages';
import type { RunResult } from '../types';
import type { RunFacts } from './wire';

export interface NativeLimits {
  timeMs: number;
  memoryMb: number;
  outputBytes: number;
  fileBytes: number;
}

export interface NativeRunResult extends RunResult {
  /** The signal that ended the program (its name, e.g. 'SIGSEGV'), when one did. */
  signal?: string;
  /** Stopped by the wall net while it kept computing: the machine's load may have done it (run again). */
  wallUnsure?: boolean;
}

/** Signal names by number, the first name where two share one (SIGABRT, not SIGIOT). */
const SIGNAL_NAMES = new Map<number, string>();
for (const [name, n] of Object.entries(constants.signals)) if (!SIGNAL_NAMES.has(n)) SIGNAL_NAMES.set(n, name);
export const signalName = (n: number) => SIGNAL_NAMES.get(n) ?? `signal ${n}`;
const SIGXCPU = constants.signals.SIGXCPU;
const SIGXFSZ = constants.signals.SIGXFSZ;

/** The runner's own failure: IE with what failed. */
export function runnerFailure(reason: string, wallMs = 0): NativeRunResult {
  return { status: 'ie', exitCode: null, stdout: '', stderr: '', message: `judge error: ${reason}`, timeMs: 0, wallMs, memoryKb: 0 };
}

const EXEC_ERRORS: Record<string, string> = { '2': 'no such file', '13': 'permission denied', '8': 'not an executable', '7': 'arguments too long' };

export function resultOf(facts: RunFacts, stdout: Buffer, stderr: Buffer, limits: NativeLimits, wallMs: number, interactorMs = 0): NativeRunResult {
  if (facts.setup !== '-') {
    const [stage, errno] = facts.setup.split(':');
    return runnerFailure(`the program could not be started (${stage}: ${EXEC_ERRORS[errno ?? ''] ?? `errno ${errno}`})`, wallMs);
  }
  if (facts.stopped === 'judge') return runnerFailure('the run was stopped by the judge', wallMs);
  const cpuMs = Math.max(0, facts.cpu_ns) / 1e6;
  const memoryKb = facts.rss_kb;
  const signal = facts.exited ? 0 : facts.signal;
  const overMemory = facts.oom > 0 || facts.stopped === 'memory' || memoryKb > limits.memoryMb * 1024;
  const overCpu = facts.stopped === 'cpu' || cpuMs > limits.timeMs || signal === SIGXCPU;
  const idle = facts.stopped === 'wall';
  const overOutput = facts.stopped === 'output' || facts.out_bytes > limits.outputBytes;
  const overFile = signal === SIGXFSZ;
  const crashed = (facts.exited && facts.code !== 0) || signal !== 0;
  const status: RunStatus = worstStatus(overMemory && 'mle', (overCpu || idle) && 'tle', (overOutput || overFile) && 'ole', crashed && 're');

  let said: SandboxSaid | null = null;
  let wallUnsure = false;
  if (status === 'mle') {
    said = memoryKb > limits.memoryMb * 1024 ? sandboxSaid('sandbox.mle-used', Math.ceil(memoryKb / 1024), limits.memoryMb) : sandboxSaid('sandbox.mle-killed', limits.memoryMb);
  } else if (status === 'tle' && overCpu) {
    said = facts.stopped === 'cpu' || signal === SIGXCPU ? sandboxSaid('sandbox.tle-stopped', limits.timeMs) : sandboxSaid('sandbox.tle-cpu', Math.round(cpuMs), limits.timeMs);
  } else if (status === 'tle') {
    const wall = facts.wall_us / 1000;
    const queued = facts.queued_us / 1000;
    // Little CPU time for the wall time it was given: it slept or waited. Much: it kept computing
    // and the machine was loaded (the run-queue wait did not explain it all): run again.
    const computing = cpuMs >= 0.5 * (wall - queued - interactorMs);
    wallUnsure = computing;
    const queuedNote = queued >= 1 ? sandboxSaid('sandbox.wall-queued', Math.round(queued)) : '';
    const interactorNote = interactorMs >= 1 ? sandboxSaid('sandbox.wall-interactor', Math.round(interactorMs)) : '';
    const why = sandboxSaid(computing ? 'sandbox.why-loaded' : 'sandbox.why-waiting');
    said = sandboxSaid('sandbox.tle-wall', Math.round(wall), queuedNote, interactorNote, Math.round(cpuMs), why);
  } else if (status === 'ole') {
    said = overOutput ? sandboxSaid('sandbox.ole-bytes', limits.outputBytes) : sandboxSaid('sandbox.ole-file', limits.fileBytes);
  } else if (status === 're') {
    said = signal !== 0 ? sandboxSaid('sandbox.re-signal', signal, signalName(signal)) : sandboxSaid('sandbox.re-exit', facts.code);
  }
  const result: NativeRunResult = {
    status,
    exitCode: facts.exited ? facts.code : null,
    stdout: stdout.toString('utf8'),
    stderr: stderr.toString('utf8'),
    message: said?.message ?? null,
    ...(said && { said: said.said }),
    timeMs: cpuMs,
    wallMs,
    memoryKb,
    ...(signal !== 0 && { signal: signalName(signal) }),
  };
  if (wallUnsure) result.wallUnsure = true;
  return result;
}
