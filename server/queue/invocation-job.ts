import type { Compiler } from '../compile/types';
import { compileAndLoad, judgeOne, limitsOf } from '../judge/judge-one';
import { interactorFor } from '../problems/interactive';
import type { Sandbox } from '../sandbox/types';
import type { Db } from '../storage/db';
import { getInvocation, type InvocationResult } from '../storage/invocations';
import { getProblemHeader } from '../storage/problems';
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
  const header = inv && getProblemHeader(deps.db, inv.problem);
  if (!inv || !header) return { ...nothing, verdict: 'IE', message: 'judge error: the invocation or its problem is missing' };
  const { fast } = await problemTools(inv.problem);
  // The same limits as a submission's: the stored header's.
  const limits = limitsOf(header);
  const prepared = await compileAndLoad(deps, inv.source, inv.language, limits);
  if (!prepared.ok) return { ...nothing, verdict: prepared.verdict, compileOutput: prepared.compileOutput };
  let expected: string;
  try {
    expected = fast.solve(inv.input);
  } catch (e) {
    return { ...nothing, verdict: 'IE', compileOutput: prepared.diagnostics || null, message: `judge error: the reference failed on this input (${String(e)})` };
  }
  // Interactive problems: one game from the typed input; its dialogue is the output shown.
  const interactor = await interactorFor(inv.problem);
  const { verdict, message, said, run, dialogue } = await judgeOne(deps.sandbox, inv.input, expected, limits, interactor);
  return {
    verdict,
    output: clip(dialogue ?? run.stdout),
    expected: clip(expected),
    stderr: run.stderr ? clip(run.stderr) : null,
    message,
    said,
    compileOutput: prepared.diagnostics || null,
    exitCode: run.exitCode,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
  };
}

function clip(s: string): string {
  return s.length > KEPT_CHARS ? `${s.slice(0, KEPT_CHARS)}\n… (cut at ${KEPT_CHARS} characters)` : s;
}
