/**
 * Messages between the judge (parent), the sandbox process (host) and its worker thread. Types only:
 * the host and worker sources are transpiled one file each, so they share nothing at run time.
 */
import type { LiveLink } from './host/live-stdin';
import type { RunLimits, RunStatus } from './types';

/** What the sandbox reports for one run; the parent adds wall time. */
export interface RunReport {
  status: RunStatus;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  message: string | null;
  timeMs: number;
  memoryKb: number;
}

/** Interactive runs do not use these messages: they talk through two pipes (host/live-pipe.ts). */
export type ParentToHost =
  | { t: 'init'; workerSource: string; runtimeSource: string }
  | { t: 'load'; js: string; limits: RunLimits }
  | { t: 'run'; id: number; input: string }
  | { t: 'batch'; id: number; inputs: string[] }
  | { t: 'exit' };

export type HostToParent =
  | { t: 'ready' }
  | { t: 'loaded'; error: string | null }
  | { t: 'result'; id: number; report: RunReport }
  | { t: 'batch'; id: number; reports: RunReport[] }
  /** A worker would not stop: the process must be replaced. */
  | { t: 'stuck' };

export interface WorkerInit {
  runtimeSource: string;
  /** Float64Array [CPU ns at the current run's start or NaN, RSS bytes at that start, runs started]. */
  watch: SharedArrayBuffer;
}

/** `ping`: answered only when the worker's event loop is free, i.e. the program is not computing. */
export type HostToWorker = { t: 'load'; js: string; limits: RunLimits } | { t: 'run'; inputs: string[]; live?: LiveLink } | { t: 'ping' };

export type WorkerToHost =
  | { t: 'ready' }
  | { t: 'loaded'; error: string | null }
  | { t: 'results'; from: number; reports: RunReport[] }
  | { t: 'pong' }
  | { t: 'done' };

/** Control frames on the interactive pipes (host/live-pipe.ts). */
export type LiveInFrame = { t: 'play'; id: number } | { t: 'end'; id: number };
export type LiveOutFrame = { t: 'result'; id: number; report: RunReport };
