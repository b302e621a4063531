import type { Compiler, Language } from '../compile/types';
import type { Limits } from '../problems/types';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
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
}

export interface TestOutcome {
  index: number;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
  exitCode: number | null;
  /** The program's output (as the sandbox returned it). */
  output: string;
  stderr: string;
  /** RE/TLE/MLE/OLE/IE explanation, or the checker's message on WA. */
  message: string | null;
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

export interface GradeDeps {
  compiler: Compiler;
  sandbox: Sandbox;
}

/**
 * Judges one submission the way Codeforces does: compile, then run the tests in order and stop at
 * the first one that fails. Failures of the judge itself become IE, never the user's verdict.
 */
export async function grade(req: GradeRequest, deps: GradeDeps, onEvent: (e: GradeEvent) => void = () => {}): Promise<GradeOutcome> {
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

  for (const test of req.tests) {
    onEvent({ type: 'running', test: test.index });
    let run: RunResult;
    try {
      run = await deps.sandbox.run(test.input);
    } catch (e) {
      run = { status: 'ie', exitCode: null, stdout: '', stderr: '', message: `judge error: ${errorText(e)}`, timeMs: 0, wallMs: 0, memoryKb: 0 };
    }
    const { verdict, checkerMessage } = decideTestVerdict(run, test.expected);
    const result: TestOutcome = {
      index: test.index,
      verdict,
      timeMs: run.timeMs,
      memoryKb: run.memoryKb,
      exitCode: run.exitCode,
      output: run.stdout,
      stderr: run.stderr,
      message: verdict === 'WA' ? checkerMessage : run.message,
    };
    outcome.tests.push(result);
    outcome.timeMs = Math.max(outcome.timeMs, run.timeMs);
    outcome.memoryKb = Math.max(outcome.memoryKb, run.memoryKb);
    onEvent({ type: 'test', outcome: result });
    if (verdict !== 'AC') {
      outcome.verdict = verdict;
      outcome.failedTest = test.index;
      break;
    }
  }
  return outcome;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
