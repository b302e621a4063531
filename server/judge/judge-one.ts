/**
 * "Run one input and judge it", once for the whole judge: submissions (grader.ts), custom
 * invocations, sample runs, stress cases and the solution table all call these, so the verdict,
 * the message shown beside it, the limits and the IE rule cannot drift between them.
 *
 * - Limits: a problem is judged under its stored header's limits (`limitsOf`), the copy the
 *   problem page shows; the package's own limits are where that header came from at import.
 * - IE is only ever the judge's own failure: an exception of the compiler, the sandbox or the
 *   interactor becomes IE with "judge error: …", never the user's verdict and never a lost job.
 * - The message: the checker's (or interactor's) on WA and on every game, else the run's own
 *   (the sandbox's TLE/MLE/OLE/RE sentence).
 */
import type { Compiler } from '../compile/types';
import { compileProgram } from '../languages/compile-program';
import type { CompiledProgram } from '../languages/program';
import { loadCompiled } from '../languages/program-sandbox';
import type { LanguageId } from '../languages/registry';
import type { Interactor, Limits } from '../problems/types';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
import { playGame } from './interactor';
import type { OutputCheck } from './output-check';
import { decideTestVerdict } from './test-verdict';
import type { Verdict } from './verdicts';
import type { Said } from '../text/messages';

export interface JudgedOne {
  verdict: Verdict;
  /** What to show beside the verdict (see the module's comment), null when there is nothing to say. */
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), null when it is none of them (a stack trace, a judge error). */
  said: Said | null;
  /** The program's run (an interactive run's stdout is empty: its output is in the dialogue). */
  run: RunResult;
  /** Interactive problems: the lines both sides wrote. */
  dialogue?: string;
  /** A package's output validator's judgemessage.txt (the teacher's), when it wrote one. */
  judgeMessage?: string;
  /** Multi-pass: the CPU time of every pass together (`run.timeMs` is the slowest pass's, as the limit is per pass). */
  passesMs?: number;
}

/**
 * Multi-pass: the passes of one test together may use at most this much CPU time, whatever
 * limits.validation_passes says (each pass has the whole time limit, as the format says).
 */
export function passesBudgetMs(timeMs: number): number {
  return Math.max(10_000, 3 * timeMs);
}

/** A stored problem header's limits, the one source every judging path reads. */
export function limitsOf(header: { timeLimitMs: number; memoryLimitMb: number }): Limits {
  return { timeMs: header.timeLimitMs, memoryMb: header.memoryLimitMb };
}

/** The run a judge failure stands for: IE, its sentence saying it was the judge's. */
export function judgeFailure(e: unknown): RunResult {
  return { status: 'ie', exitCode: null, stdout: '', stderr: '', message: judgeErrorText(e), timeMs: 0, wallMs: 0, memoryKb: 0 };
}

export function judgeErrorText(e: unknown): string {
  return `judge error: ${e instanceof Error ? e.message : String(e)}`;
}

/** A finished run compared with the expected output (a run made elsewhere, e.g. in a batch). */
export function judgeRun(run: RunResult, expected: string): JudgedOne {
  const { verdict, checkerMessage, checkerSaid } = decideTestVerdict(run, expected);
  return verdict === 'WA' ? { verdict, message: checkerMessage, said: checkerSaid, run } : { verdict, message: run.message, said: run.said ?? null, run };
}

/**
 * One input judged: a run compared with the expected output (by the token checker, or by a stored
 * problem's own `check`, asked only about a run that ended cleanly), or, for interactive problems,
 * one game.
 */
export async function judgeOne(
  sandbox: Sandbox,
  input: string,
  expected: string,
  limits: Pick<Limits, 'timeMs'>,
  interactor?: Interactor | null,
  check?: OutputCheck | null,
): Promise<JudgedOne> {
  try {
    if (interactor) {
      const game = await playGame(sandbox, interactor, input, limits, undefined, expected);
      return { verdict: game.verdict, message: game.message, said: game.said ?? null, run: game.run, dialogue: game.dialogue, ...(game.judgeMessage && { judgeMessage: game.judgeMessage }) };
    }
    if (check?.passes) return await judgePasses(sandbox, input, expected, check, check.passes, limits.timeMs);
    return await judgeRunChecked(await sandbox.run(input), input, expected, check);
  } catch (e) {
    return judgeRun(judgeFailure(e), expected);
  }
}

/**
 * A multi-pass test (the format's `multi-pass` type): the submission runs on the test's input, the
 * output validator may accept it and write the next pass's input (`nextpass.in`), and the
 * submission runs again on that, with the validator's feedback directory kept, up to `passes`
 * runs. The time and memory limits hold for each run separately, as the format says; the verdict
 * is the first pass that fails, else the last one's; a validator asking for more passes than
 * `limits.validation_passes` is the package's fault (IE).
 */
async function judgePasses(sandbox: Sandbox, input: string, expected: string, check: OutputCheck, passes: number, timeMs: number): Promise<JudgedOne> {
  let passInput = input;
  let feedback: Record<string, string> | undefined;
  let slowest = { timeMs: 0, memoryKb: 0 };
  let passesMs = 0;
  const budget = passesBudgetMs(timeMs);
  for (let pass = 1; ; pass++) {
    const run = await sandbox.run(passInput);
    slowest = { timeMs: Math.max(slowest.timeMs, run.timeMs), memoryKb: Math.max(slowest.memoryKb, run.memoryKb) };
    passesMs += Number.isFinite(run.timeMs) ? run.timeMs : 0;
    const withMax = { ...run, ...slowest };
    if (run.status !== 'ok') {
      const judged = { ...judgeRun(withMax, expected), passesMs };
      return pass === 1 ? judged : { ...judged, message: `pass ${pass}: ${judged.message ?? judged.verdict}`, said: null };
    }
    if (passesMs > budget) return { verdict: 'TLE', message: `pass ${pass}: the passes of this test together ran for more than ${budget} ms of CPU time (each pass may use the time limit, all of them together at most this)`, said: null, run: withMax, passesMs };
    const checked = await check({ input: passInput, expected, ...(feedback && { feedback }) }, run.stdout);
    const next = checked.verdict === 'AC' ? checked.nextPass : undefined;
    if (!next) {
      const message = checked.verdict === 'AC' ? run.message : checked.message;
      const judge = checked.judgeMessage !== undefined ? { judgeMessage: checked.judgeMessage } : {};
      return { verdict: checked.verdict, message: pass === 1 || message === null ? message : `pass ${pass}: ${message}`, said: pass === 1 ? (checked.verdict === 'AC' ? (run.said ?? null) : (checked.said ?? null)) : null, run: withMax, passesMs, ...judge };
    }
    if (pass >= passes) return { verdict: 'IE', message: `the output validator asked for pass ${pass + 1}, but the package allows ${passes} (limits.validation_passes)`, said: null, run: withMax, passesMs };
    passInput = next.input;
    feedback = next.feedback;
  }
}

/** A finished run's verdict and message: the problem's own check on a clean run, else judgeRun's rule. */
export async function judgeRunChecked(run: RunResult, input: string, expected: string, check?: OutputCheck | null): Promise<JudgedOne> {
  if (check && run.status === 'ok') {
    const checked = await check({ input, expected }, run.stdout);
    const judge = checked.judgeMessage !== undefined ? { judgeMessage: checked.judgeMessage } : {};
    return checked.verdict === 'AC' ? { verdict: 'AC', message: run.message, said: run.said ?? null, run, ...judge } : { verdict: checked.verdict, message: checked.message, said: checked.said ?? null, run, ...judge };
  }
  return judgeRun(run, expected);
}

/** Many inputs run in one round trip (stress testing), each judged as judgeOne would. */
export async function judgeBatch(sandbox: Sandbox, cases: readonly { input: string; expected: string }[]): Promise<JudgedOne[]> {
  let runs: RunResult[];
  try {
    runs = await sandbox.runBatch(cases.map((c) => c.input));
  } catch (e) {
    runs = cases.map(() => judgeFailure(e));
  }
  return runs.map((run, i) => judgeRun(run, cases[i]!.expected));
}

export type Prepared =
  | { ok: true; program: CompiledProgram; diagnostics: string; /** a native program the cache had: nothing was compiled */ cached: boolean }
  | { ok: false; verdict: Extract<Verdict, 'CE' | 'IE'>; compileOutput: string };

/** What a program is compiled and loaded with: any language's compiler, and a sandbox that runs every language. */
export interface ProgramDeps {
  compiler: Compiler;
  /** A native program needs a sandbox for every language (createProgramSandbox). */
  sandbox: Sandbox;
}

/** Compiles a program and loads it into the sandbox under `limits`: CE for the user's mistake, IE for the judge's. */
export async function compileAndLoad(
  deps: ProgramDeps,
  source: string,
  language: LanguageId | undefined,
  limits: Limits,
  /** Told as soon as the compiler has answered, before the program is loaded. */
  onCompiled: (ok: boolean, diagnostics: string, cached: boolean) => void = () => {},
  person: string | null = null,
): Promise<Prepared> {
  try {
    const compiled = await compileProgram(deps.compiler, source, language);
    onCompiled(compiled.ok, compiled.diagnostics, compiled.ok && (compiled.cached ?? false));
    if (!compiled.ok) return { ok: false, verdict: 'CE', compileOutput: compiled.diagnostics };
    await loadProgram(deps.sandbox, compiled.program, limits, person);
    return { ok: true, program: compiled.program, diagnostics: compiled.diagnostics, cached: compiled.cached ?? false };
  } catch (e) {
    return { ok: false, verdict: 'IE', compileOutput: judgeErrorText(e) };
  }
}

/** Loads a compiled program under a problem's limits and the judge's output limit. */
export function loadProgram(sandbox: Sandbox, program: CompiledProgram, limits: Limits, person: string | null = null): Promise<void> {
  return loadCompiled(sandbox, program, { ...limits, outputBytes: DEFAULT_OUTPUT_LIMIT }, person);
}
