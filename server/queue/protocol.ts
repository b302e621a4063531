import type { FinalResult, TestResultInput } from '../storage/submissions';

/** Messages between the main thread and a judge thread. */
export interface JudgeThreadData {
  dbPath: string;
  /** Nice value the thread sets for itself (the process's, not the HTTP thread's boosted one). */
  nice: number;
}

export type ToThread = { type: 'judge'; id: number } | { type: 'close' };

export type FromThread =
  | { type: 'ready' }
  | { type: 'compiling'; id: number }
  | { type: 'compiled'; id: number; ok: boolean; output: string }
  | { type: 'running'; id: number; test: number }
  | { type: 'test'; id: number; result: TestResultInput }
  | { type: 'done'; id: number; result: FinalResult }
  | { type: 'closed' };
