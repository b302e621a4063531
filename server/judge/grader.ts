import type { Compiler } from '../compile/types';
import type { LanguageId } from '../languages/registry';
import type { Limits } from '../problems/types';
import type { Interactor } from '../problems/types';
import type { Sandbox } from '../sandbox/types';
import { keptHeadTail, keptStart } from '../text/preview';
import { compileAndLoad, judgeOne } from './judge-one';
import type { Verdict } from './verdicts';
import type { OutputCheck } from './output-check';
import type { Said } from '../text/messages';

export interface GradeTest {
  /** 1-based, as shown to the user ("test 7"). */
  index: number;
  input: string;
  expected: string;
}

export interface GradeRequest {
  source: string;
  /** TypeScript (type-checked) unless said otherwise. */
  language?: LanguageId;
  tests: GradeTest[];
  limits: Limits;
  /** Whose program it is (the queue's sender): their previous program's sandbox worker may take it. */
  person?: string | null;
  /** Interactive problems: each test is a game against this interactor. */
  interactor?: Interactor;
  /** A stored problem's own output check (format options or its output validator) instead of the token checker. */
  check?: OutputCheck;
}

export interface TestOutcome {
  index: number;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
  exitCode: number | null;
  /**
   * The program's output, for a failing test only and cut to KEPT_OUTPUT_CHARS: a passed test's
   * output is compared as the test ends and dropped, so memory never grows with tests × output.
   */
  output: string;
  /** Length of the whole output in characters when `output` keeps only its start (absent: output is whole). */
  outputLength?: number;
  stderr: string;
  /** RE/TLE/MLE/OLE/IE explanation, or the checker's message on WA. */
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), when it is one. */
  said?: Said | null;
  /** Interactive problems: the lines both sides wrote (`> ` program, `< ` interactor). */
  dialogue?: string;
  /** A failing test's judgemessage.txt from the package's checker or interactor (the teacher's). */
  judgeMessage?: string;
}

export type GradeEvent =
  | { type: 'compiling' }
  | { type: 'compiled'; ok: boolean; output: string; /** a native program the compile cache had */ cached?: boolean }
  | { type: 'running'; test: number }
  | { type: 'test'; outcome: TestOutcome };

export interface GradeOutcome {
  verdict: Verdict;
  /** The first test that failed, or null (AC, CE, IE before any test). */
  failedTest: number | null;
  compileOutput: string | null;
  tests: TestOutcome[];
  /** Largest CPU time and memory over the tests that ran. */
  timeMs: number;
  memoryKb: number;
}

/**
 * How much of a failing test's output is kept for the user to download: its start and end, 1 Mi
 * characters in all. A submission keeps one failing test's texts, so a flood of submissions that
 * print megabytes grows the database by at most this much output each.
 */
export const KEPT_OUTPUT_CHARS = 1024 * 1024;

export interface GradeDeps {
  compiler: Compiler;
  sandbox: Sandbox;
}

/**
 * Judges one submission the way Codeforces does: compile, then run the tests in order and stop at
 * the first one that fails. Failures of the judge itself become IE, never the user's verdict.
 */
export async function grade(req: GradeRequest, deps: GradeDeps, onEvent: (e: GradeEvent) => void = () => {}): Promise<GradeOutcome> {
  try {
    return await gradeLoaded(req, deps, onEvent);
  } finally {
    deps.sandbox.release();
  }
}

async function gradeLoaded(req: GradeRequest, deps: GradeDeps, onEvent: (e: GradeEvent) => void): Promise<GradeOutcome> {
  const outcome: GradeOutcome = { verdict: 'AC', failedTest: null, compileOutput: null, tests: [], timeMs: 0, memoryKb: 0 };
  onEvent({ type: 'compiling' });
  const prepared = await compileAndLoad(deps, req.source, req.language, req.limits, (ok, output, cached) => onEvent({ type: 'compiled', ok, output, ...(cached && { cached }) }), req.person ?? null);
  if (!prepared.ok) return { ...outcome, verdict: prepared.verdict, compileOutput: prepared.compileOutput || null };
  outcome.compileOutput = prepared.diagnostics || null;

  for (const test of req.tests) {
    onEvent({ type: 'running', test: test.index });
    const result = await runTest(deps.sandbox, test, req.interactor, req.limits, req.check);
    outcome.tests.push(result);
    outcome.timeMs = Math.max(outcome.timeMs, result.timeMs);
    outcome.memoryKb = Math.max(outcome.memoryKb, result.memoryKb);
    onEvent({ type: 'test', outcome: result });
    if (result.verdict !== 'AC') {
      outcome.verdict = result.verdict;
      outcome.failedTest = test.index;
      break;
    }
  }
  return outcome;
}

/**
 * One test, checked as it ends. Its own function so that the run's full output is unreachable once
 * the outcome (holding at most the kept part) is returned.
 */
async function runTest(sandbox: Sandbox, test: GradeTest, interactor: Interactor | undefined, limits: Limits, check?: OutputCheck): Promise<TestOutcome> {
  const { verdict, message, said, run, dialogue, judgeMessage } = await judgeOne(sandbox, test.input, test.expected, limits, interactor, check);
  return {
    index: test.index,
    verdict,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
    exitCode: run.exitCode,
    output: verdict === 'AC' ? '' : keptHeadTail(run.stdout, KEPT_OUTPUT_CHARS),
    outputLength: run.stdout.length,
    stderr: verdict === 'AC' ? '' : keptStart(run.stderr, KEPT_OUTPUT_CHARS),
    message,
    said,
    // Kept for a failing test only: that is the one whose texts are stored and shown.
    ...(dialogue !== undefined && verdict !== 'AC' && { dialogue }),
    ...(judgeMessage !== undefined && verdict !== 'AC' && { judgeMessage }),
  };
}
