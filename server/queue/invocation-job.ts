import type { Compiler } from '../compile/types';
import { playGame } from '../judge/interactor';
import { decideTestVerdict } from '../judge/test-verdict';
import { interactorFor } from '../problems/interactive';
import { DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox/types';
import type { Db } from '../storage/db';
import { getInvocation, type InvocationResult } from '../storage/invocations';
import { problemTools } from '../problems/problem-tools';

/** What is kept of a custom run's output and error stream. */
const KEPT_CHARS = 256 * 1024;

const nothing = { output: null, expected: null, stderr: null, message: null, compileOutput: null, exitCode: null, timeMs: null, memoryKb: null };

/**
 * Custom invocation: the user's program on the user's (already validated) input, beside the fast
 * reference's answer on the same input, with the verdict the judge would give on such a test.
 */
export async function runInvocationJob(id: number, deps: { db: Db; compiler: Compiler; sandbox: Sandbox }): Promise<InvocationResult> {
  const inv = getInvocation(deps.db, id);
  if (!inv) return { ...nothing, verdict: 'IE', message: 'judge error: the invocation is missing' };
  const { problem, fast } = await problemTools(inv.problem);
  const compiled = await deps.compiler.compile(inv.source, inv.language);
  if (!compiled.ok) return { ...nothing, verdict: 'CE', compileOutput: compiled.diagnostics };
  let expected: string;
  try {
    expected = fast.solve(inv.input);
  } catch (e) {
    return { ...nothing, verdict: 'IE', compileOutput: compiled.diagnostics || null, message: `judge error: the reference failed on this input (${String(e)})` };
  }
  await deps.sandbox.load(compiled.js, { ...problem.pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  // Interactive problems: one game from the typed input; its dialogue is the output shown.
  const interactor = await interactorFor(inv.problem);
  const game = interactor ? await playGame(deps.sandbox, interactor, inv.input, problem.pkg.limits) : null;
  const run = game ? { ...game.run, stdout: game.dialogue } : await deps.sandbox.run(inv.input);
  const { verdict, checkerMessage } = game ? { verdict: game.verdict, checkerMessage: game.message } : decideTestVerdict(run, expected);
  return {
    verdict,
    output: clip(run.stdout),
    expected: clip(expected),
    stderr: run.stderr ? clip(run.stderr) : null,
    message: verdict === 'WA' || game ? checkerMessage : run.message,
    compileOutput: compiled.diagnostics || null,
    exitCode: run.exitCode,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
  };
}

function clip(s: string): string {
  return s.length > KEPT_CHARS ? `${s.slice(0, KEPT_CHARS)}\n… (cut at ${KEPT_CHARS} characters)` : s;
}
