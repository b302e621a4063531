import type { Compiler } from '../compile/types';
import { compileAndLoad, judgeOne, limitsOf } from '../judge/judge-one';
import { interactorFor } from '../problems/interactive';
import type { Sandbox } from '../sandbox/types';
import type { Db } from '../storage/db';
import { getInvocation, type InvocationResult, type InvocationRow } from '../storage/invocations';
import { referenceAnswer } from '../stress/oracle';
import { getProblemHeader } from '../storage/problems';
import { problemTools } from '../problems/problem-tools';
import { getStoredProblem, type StoredProblem } from '../problem-store/store';
import { checkOf } from '../problem-store/check';
import { sandboxedReference, storedReferenceOf } from '../problem-store/sandboxed-reference';
import type { Limits } from '../problems/types';

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
  // The same limits as a submission's: the stored header's.
  const limits = limitsOf(header);
  const stored = getStoredProblem(deps.db, inv.problem);
  if (stored) return storedInvocation(inv, stored, limits, deps);
  const { fast } = await problemTools(inv.problem);
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
  return resultOf(await judgeOne(deps.sandbox, inv.input, expected, limits, interactor), expected, prepared.diagnostics);
}

/** What a custom run shows: the program's output (a game's dialogue), the expected answer, the verdict and the run's figures. */
function resultOf(judged: Awaited<ReturnType<typeof judgeOne>>, expected: string, diagnostics: string): InvocationResult {
  const { verdict, message, said, run, dialogue } = judged;
  return {
    verdict,
    output: clip(dialogue ?? run.stdout),
    expected: clip(expected),
    stderr: run.stderr ? clip(run.stderr) : null,
    message,
    said,
    compileOutput: diagnostics || null,
    exitCode: run.exitCode,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
  };
}

/**
 * A stored problem's custom run: its reference (in a sandbox of its own) answers the input, and the
 * answer is compared by the problem's own check. The reference failing is the judge's IE, never the
 * user's verdict.
 */
async function storedInvocation(
  inv: InvocationRow,
  stored: StoredProblem,
  limits: Limits,
  deps: { db: Db; compiler: Compiler; sandbox: Sandbox },
): Promise<InvocationResult> {
  const ref = storedReferenceOf(stored.data);
  if (!ref.ok) return { ...nothing, verdict: 'IE', message: `judge error: ${inv.problem} has no reference solution the judge can run` };
  const prepared = await compileAndLoad(deps, inv.source, inv.language, limits);
  if (!prepared.ok) return { ...nothing, verdict: prepared.verdict, compileOutput: prepared.compileOutput };
  const reference = sandboxedReference(ref, limits, deps.compiler);
  const check = checkOf(stored.data.checker, deps.compiler);
  try {
    const answer = await referenceAnswer(inv.input, reference, null);
    if (!answer.ok) return { ...nothing, verdict: 'IE', compileOutput: prepared.diagnostics || null, message: `judge error: the reference failed on this input (${answer.message})` };
    return resultOf(await judgeOne(deps.sandbox, inv.input, answer.expected, limits, null, check.check), answer.expected, prepared.diagnostics);
  } finally {
    await Promise.all([reference.close(), check.close()]);
  }
}

function clip(s: string): string {
  return s.length > KEPT_CHARS ? `${s.slice(0, KEPT_CHARS)}\n… (cut at ${KEPT_CHARS} characters)` : s;
}
