import type { Compiler, Language } from '../compile/types';
import type { Limits } from '../problems/types';
import type { Interactor } from '../problems/types';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
import { playGame } from './interactor';
import { keptHeadTail, keptStart } from '../text/preview';
import { decideTestVerdict } from './test-verdict';
import type { Verdict } from './verdicts';

export interface GradeTest {
  /** 1-based, as shown to the user ("test 7"). */
  index: number;
  input: string;
  expected: string;
}

export interface GradeRequest {
  source: string;
  /** TypeScript (type-checked) unless said otherwise. */
  language?: Language;
  tests: GradeTest[];
  limits: Limits;
  /** Interactive problems: each test is a game against this interactor. */
  interactor?: Interactor;
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
  /** Interactive problems: the lines both sides wrote (`> ` program, `< ` interactor). */
  dialogue?: string;
}

export type GradeEvent =
  | { type: 'compiling' }
  | { type: 'compiled'; ok: boolean; output: string }
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
  let js: string;
  try {
    const compiled = await deps.compiler.compile(req.source, req.language);
    outcome.compileOutput = compiled.diagnostics || null;
    onEvent({ type: 'compiled', ok: compiled.ok, output: compiled.diagnostics });
    if (!compiled.ok) return { ...outcome, verdict: 'CE' };
    js = compiled.js;
    await deps.sandbox.load(js, { ...req.limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  } catch (e) {
    return { ...outcome, verdict: 'IE', compileOutput: `judge error: ${errorText(e)}` };
  }

  /** Takes a test's outcome; false once a test failed (the rest are not run). */
  const record = (test: GradeTest, result: TestOutcome): boolean => {
    outcome.tests.push(result);
    outcome.timeMs = Math.max(outcome.timeMs, result.timeMs);
    outcome.memoryKb = Math.max(outcome.memoryKb, result.memoryKb);
    onEvent({ type: 'test', outcome: result });
    if (result.verdict === 'AC') return true;
    outcome.verdict = result.verdict;
    outcome.failedTest = test.index;
    return false;
  };

  if (req.interactor) {
    for (const test of req.tests) {
      onEvent({ type: 'running', test: test.index });
      if (!record(test, await runGame(deps.sandbox, test, req.interactor, req.limits))) break;
    }
    return outcome;
  }

  // Each test is checked while the next one runs.
  const tests = req.tests;
  if (tests.length > 0) onEvent({ type: 'running', test: tests[0]!.index });
  /** Thrown by onEvent (storing a result, say): a failure of the caller's, passed on as before. */
  let eventError: { error: unknown } | null = null;
  try {
    await deps.sandbox.runEach(
      tests.map((t) => t.input),
      (i, run) => {
        try {
          const test = tests[i]!;
          const go = record(test, checked(test, run));
          if (go && i + 1 < tests.length) onEvent({ type: 'running', test: tests[i + 1]!.index });
          return go;
        } catch (e) {
          eventError = { error: e };
          return false;
        }
      },
    );
  } catch (e) {
    const test = tests[outcome.tests.length];
    if (test && outcome.verdict === 'AC') record(test, checked(test, judgeError(errorText(e))));
  }
  if (eventError) throw (eventError as { error: unknown }).error;
  if (outcome.verdict === 'AC' && outcome.tests.length < tests.length) {
    // The sandbox's contract is a result for every test until one fails: a gap is the judge's fault.
    const test = tests[outcome.tests.length]!;
    record(test, checked(test, judgeError('the sandbox gave no result for this test.')));
  }
  return outcome;
}

/**
 * One test's outcome from its run. Its own function so that the run's full output is unreachable
 * once the outcome (holding at most the kept part) is returned.
 */
function checked(test: GradeTest, run: RunResult): TestOutcome {
  const { verdict, checkerMessage } = decideTestVerdict(run, test.expected);
  return {
    index: test.index,
    verdict,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
    exitCode: run.exitCode,
    output: verdict === 'AC' ? '' : keptHeadTail(run.stdout, KEPT_OUTPUT_CHARS),
    outputLength: run.stdout.length,
    stderr: verdict === 'AC' ? '' : keptStart(run.stderr, KEPT_OUTPUT_CHARS),
    message: verdict === 'WA' ? checkerMessage : run.message,
  };
}

/** One game against the interactor, its outcome decided by the interactor. */
async function runGame(sandbox: Sandbox, test: GradeTest, interactor: Interactor, limits: Limits): Promise<TestOutcome> {
  try {
    const game = await playGame(sandbox, interactor, test.input, limits);
    const run = game.run;
    return {
      index: test.index,
      verdict: game.verdict,
      timeMs: run.timeMs,
      memoryKb: run.memoryKb,
      exitCode: run.exitCode,
      output: game.verdict === 'AC' ? '' : keptHeadTail(run.stdout, KEPT_OUTPUT_CHARS),
      outputLength: run.stdout.length,
      stderr: game.verdict === 'AC' ? '' : keptStart(run.stderr, KEPT_OUTPUT_CHARS),
      message: game.message,
      // Kept for a failing test only: that is the one whose texts are stored and shown.
      ...(game.verdict !== 'AC' && { dialogue: game.dialogue }),
    };
  } catch (e) {
    return checked(test, judgeError(errorText(e)));
  }
}

/** A run that ended in the judge's own failure (IE), never the program's. */
function judgeError(text: string): RunResult {
  return { status: 'ie', exitCode: null, stdout: '', stderr: '', message: `judge error: ${text}`, timeMs: 0, wallMs: 0, memoryKb: 0 };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
