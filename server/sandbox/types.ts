import type { Said } from '../text/messages';
import type { RunStatus } from '../rules/verdicts';

/** What one run of a solution on one input may use. */
export interface RunLimits {
  /** CPU time, milliseconds. */
  timeMs: number;
  /** Peak memory of the solution, MiB. */
  memoryMb: number;
  /** Standard output, bytes; past it the run is stopped (OLE). */
  outputBytes: number;
}

export { OUTPUT_LIMIT_BYTES as DEFAULT_OUTPUT_LIMIT } from '../rules/limits';

/**
 * How a run ended, as the sandbox sees it. The checker, not the sandbox, decides WA versus AC,
 * so `ok` means only "exited normally with code 0 inside every limit".
 */
export type { RunStatus } from '../rules/verdicts';

export interface RunResult {
  status: RunStatus;
  /** The program's exit code, when it exited by itself (0 after a normal end). */
  exitCode: number | null;
  /** Standard output (cut at the output limit on OLE). */
  stdout: string;
  /** The first 64 KiB of standard error. */
  stderr: string;
  /** RE: the uncaught error with its stack; TLE/MLE/OLE/IE: what happened, in a sentence. */
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), when it is one of the sandbox's limits. */
  said?: Said;
  /** CPU time of the solution alone, milliseconds (start-up and compilation excluded). */
  timeMs: number;
  /** Wall-clock time of the run, milliseconds. */
  wallMs: number;
  /** Peak memory of the solution, KiB. */
  memoryKb: number;
}

/** The program's standard input during an interactive run. */
export interface LiveStdin {
  write(text: string): void;
  /** End of input: the program's next read sees it. */
  end(): void;
  /**
   * The interactor starts (true) or stops (false) computing: the time the program waits for its
   * answer is the interactor's, not the program's, and the wall net does not count it.
   */
  busy?(computing: boolean): void;
}

/** The judge's side of an interactive run (the interactor's plumbing). */
export interface LiveSession {
  /** Text the program wrote to stdout, as soon as it wrote it. */
  output(text: string): void;
  /** Called once, when the run starts: where to write the program's input. */
  connect(stdin: LiveStdin): void;
}

/**
 * One warm, isolated place to run a compiled program: the judge loads a program once per
 * submission (or stress run) and runs it on each input, every run in a fresh global environment.
 */
export interface Sandbox {
  /**
   * `person`: whose program it is (the queue's sender). The worker that ran the same person's
   * previous program may take this one, saving a worker's start; another person's never does.
   */
  load(js: string, limits: RunLimits, person?: string | null): Promise<void>;
  run(input: string): Promise<RunResult>;
  /** Runs many inputs in one round trip (stress testing); results in input order. */
  runBatch(inputs: string[]): Promise<RunResult[]>;
  /** Interactive run: input is written while the program runs; same limits and fresh context. */
  play?(session: LiveSession): Promise<RunResult>;
  /**
   * The judge is done with the loaded program (a submission judged): its worker is stopped and the
   * next program's is started now, while the judge stores results and compiles the next
   * submission, instead of when that program is loaded. A later run of the same program still works.
   */
  release(): void;
  close(): Promise<void>;
}
