/**
 * Messages between the judge (parent), the sandbox process (host) and its worker thread. Types only:
 * the host and worker sources are transpiled one file each, so they share nothing at run time.
 */
import type { LiveLink } from './host/live-pipe';
import type { RunLimits, RunStatus } from './types';
import type { Said } from '../text/messages';

/** What the sandbox reports for one run; the parent adds wall time. */
export interface RunReport {
  status: RunStatus;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), for the sandbox's limit sentences. */
  said?: Said;
  timeMs: number;
  memoryKb: number;
  /**
   * Set on a TLE by the wall net when the time the program spent waiting for a core could not be
   * read (no /proc/<pid>/task/<tid>/schedstat): the judge reruns such a run (server/sandbox/process-sandbox.ts).
   */
  wallUnsure?: true;
}

export type ParentToHost =
  | { t: 'init'; workerSource: string; runtimeSource: string }
  /**
   * `person`: whose program it is. The worker that ran the same person's previous program may take
   * this one (every run still in a fresh context); another person's program never shares a worker.
   */
  | { t: 'load'; js: string; limits: RunLimits; person?: string | null }
  | { t: 'run'; id: number; input: string }
  | { t: 'batch'; id: number; inputs: string[] }
  /** An interactive run: its input and output go through two pipes (host/live-pipe.ts). */
  | { t: 'play'; id: number }
  /**
   * The interactor's computing time so far in interactive run `id`, ms, and whether it is computing
   * now: the program waiting for its answer meanwhile is not idle (the wall net does not count it).
   */
  | { t: 'interactor'; id: number; ms: number; busy: boolean }
  /** The judge is done with the loaded program for now: its worker goes, the next one is made ready. */
  | { t: 'release' }
  | { t: 'exit' };

export type HostToParent =
  | { t: 'ready' }
  | { t: 'loaded'; error: string | null }
  | { t: 'result'; id: number; report: RunReport }
  | { t: 'batch'; id: number; reports: RunReport[] }
  /** A worker would not stop: the process must be replaced. */
  | { t: 'stuck' }
  /** Write a wake byte to the live input pipe: a worker blocked reading it must wake. */
  | { t: 'wake' };

export interface WorkerInit {
  runtimeSource: string;
  /**
   * V8's code cache of the runtime, made by the first worker after its warm-up run (before any
   * program was loaded): a worker that starts with it skips compiling the runtime, about a
   * quarter of a worker's start. Absent in the first worker, which is asked to make it.
   */
  runtimeCache?: Uint8Array;
  /** Float64Array [program CPU ns at the current run's start or NaN, RSS bytes at that start, runs started, host thread CPU ns]. */
  watch: SharedArrayBuffer;
}

/** `ping`: answered only when the worker's event loop is free, i.e. the program is not computing. */
/** `tidy`: a full garbage collection while the worker waits, kept for its person's next program. */
export type HostToWorker = { t: 'load'; js: string; limits: RunLimits } | { t: 'run'; inputs: string[]; live?: LiveLink } | { t: 'ping' } | { t: 'tidy' };

export type WorkerToHost =
  /** `tid`: the worker thread's id in /proc, whose run-queue wait the watchdog reads; null if unknown. */
  | { t: 'ready'; runtimeCache?: Uint8Array; tid: string | null }
  | { t: 'loaded'; error: string | null }
  /** `last`: these are the request's last results (one message, not a second `done`, ends a request). */
  | { t: 'results'; from: number; reports: RunReport[]; last?: boolean }
  | { t: 'pong' }
  /** Blocked reading live input, the worker wants waking at this time (ms since the epoch) for a timer. */
  | { t: 'wake-at'; at: number }
  | { t: 'done' };

/** Control frames on the interactive pipes (host/live-pipe.ts). */
export type LiveInFrame = { t: 'play'; id: number } | { t: 'end'; id: number };
/** `stuck`: the run's worker would not stop; the process must be replaced once the result is taken. */
export type LiveOutFrame = { t: 'result'; id: number; report: RunReport; stuck?: true };
