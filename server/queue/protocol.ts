import type { InvocationResult } from '../storage/invocations';
import type { StressFinal } from '../storage/stress-runs';
import type { FinalResult, TestResultInput } from '../storage/submissions';
import type { LabFinal } from '../storage/lab-jobs';
import type { SampleRunResult } from '../storage/sample-runs';
import type { MistakeMapFinal } from '../storage/mistake-maps';
import type { RejudgeOutcome } from '../rejudge/store';
import type { DraftFinal } from '../problem-drafts/store';
import type { CheckRow } from '../problem-drafts/checks';
import type { ImportFinal } from '../problem-store/import-jobs';
import type { SolutionReport } from '../problem-store/types';
import type { Detected } from '../languages/toolchains';

/** Messages between the main thread and a judge thread. */
export interface JudgeThreadData {
  dbPath: string;
  /** Nice value the thread sets for itself (the process's, not the HTTP thread's boosted one). */
  nice: number;
}

/** What a judge thread can be asked to do; each kind lives in its own table (see kinds/registry.ts). */
export type JobKind = 'submission' | 'stress' | 'invocation' | 'lab' | 'sample-run' | 'mistake-map' | 'rejudge' | 'problem-draft' | 'problem-import';

/** Where a long job that yielded its thread resumes (a stress run: its next case and the CPU budget spent). */
export interface YieldState {
  resumeAt: number;
  usedMs: number;
  /** A lab job's table so far (server/lab/octal-fast.ts FastProgress), kept in memory by the queue. */
  table?: unknown;
}

export type ToThread =
  /** `resume`: what a job that yielded before goes on from, when its kind keeps it in memory (a lab table). */
  | { type: 'job'; kind: JobKind; id: number; resume?: unknown }
  /** Stop the job at its next batch and hand it back with its progress (see JudgeQueue, MIN_SLICE_MS). */
  | { type: 'yield'; kind: JobKind; id: number }
  /** The languages detection found at start (server/languages/detect.ts): sent before any job that needs one. */
  | { type: 'languages'; detected: Detected }
  | { type: 'close' };

export type FromThread =
  | { type: 'ready' }
  | { type: 'compiling'; id: number }
  | { type: 'compiled'; id: number; ok: boolean; output: string; /** the compile cache had the program */ cached?: boolean }
  /**
   * Tests finished since the last progress message (stored in one transaction), and the test now
   * running (null: none). Sent for the first test at once, then at most every PROGRESS_MS.
   */
  | { type: 'progress'; id: number; results: TestResultInput[]; running: number | null }
  | { type: 'done'; id: number; result: FinalResult }
  | { type: 'stress-progress'; id: number; casesRun: number; casesPerSecond: number; shrinkSteps: number | null }
  | { type: 'stress-done'; id: number; result: StressFinal }
  | { type: 'invocation-done'; id: number; result: InvocationResult }
  | { type: 'lab-phase'; id: number; phase: 'compiling' | 'computing' }
  | { type: 'lab-progress'; id: number; progress: number }
  | { type: 'lab-done'; id: number; result: LabFinal }
  | { type: 'sample-run-done'; id: number; result: SampleRunResult }
  | { type: 'mistake-map-done'; id: number; result: MistakeMapFinal }
  /** One submission judged again (null with `error`: the judge failed, the submission keeps its verdict). */
  | { type: 'rejudge-done'; id: number; result: RejudgeOutcome | null; error?: string }
  | { type: 'problem-draft-rows'; id: number; rows: CheckRow[] }
  | { type: 'problem-draft-done'; id: number; result: DraftFinal }
  /** An import's solution table so far (every row finished), and its end: stored or refused with every reason. */
  | { type: 'problem-import-rows'; id: number; rows: SolutionReport[] }
  | { type: 'problem-import-done'; id: number; result: ImportFinal }
  /** The job stopped early to give the thread to waiting work; the queue stores where it resumes. */
  | { type: 'yielded'; kind: JobKind; id: number; state: YieldState }
  | { type: 'closed' };

/** A message about one job (everything but the thread's own life cycle). */
export type JobMessage = Exclude<FromThread, { type: 'ready' } | { type: 'closed' } | { type: 'yielded' }>;
export type JobMessageType = JobMessage['type'];

/**
 * Every job message type, written out so that a test can check each belongs to exactly one kind;
 * `satisfies` keeps the list equal to the union above.
 */
const JOB_MESSAGES = {
  compiling: true,
  compiled: true,
  progress: true,
  done: true,
  'stress-progress': true,
  'stress-done': true,
  'invocation-done': true,
  'lab-phase': true,
  'lab-progress': true,
  'lab-done': true,
  'sample-run-done': true,
  'mistake-map-done': true,
  'rejudge-done': true,
  'problem-draft-rows': true,
  'problem-draft-done': true,
  'problem-import-rows': true,
  'problem-import-done': true,
} as const satisfies Record<JobMessageType, true>;
export const JOB_MESSAGE_TYPES = Object.keys(JOB_MESSAGES) as JobMessageType[];
