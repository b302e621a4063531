import type { Compiler } from '../compile/types';
import { compileAndLoad, judgeOne } from '../judge/judge-one';
import { judgingFor, type Judging } from '../judging/judging';
import type { Sandbox } from '../sandbox/types';
import type { Db } from '../storage/db';
import { getInvocation, type InvocationResult, type InvocationRow } from '../storage/invocations';
import { referenceAnswer } from '../stress/oracle';

/** What is kept of a custom run's output and error stream. */
const KEPT_CHARS = 256 * 1024;

const nothing = { output: null, expected: null, stderr: null, message: null, compileOutput: null, exitCode: null, timeMs: null, memoryKb: null };

/**
 * Custom invocation: the user's program on the user's (already validated) input, beside the
 * reference's answer on the same input (a stored problem's in a sandbox of its own), with the
 * verdict the judge would give on such a test: under the same limits, check and interactor as a
 * submission (judging.ts). On an interactive problem the run is one game from the typed input and
 * its dialogue is the output shown; the reference, when it has one, only names what is expected.
 * The reference failing is the judge's IE, never the user's verdict.
 */
export async function runInvocationJob(id: number, deps: { db: Db; compiler: Compiler; sandbox: Sandbox }): Promise<InvocationResult> {
  const inv = getInvocation(deps.db, id);
  const judging = inv && (await judgingFor(deps.db, inv.problem, deps));
  if (!inv || !judging) return { ...nothing, verdict: 'IE', message: 'judge error: the invocation or its problem is missing' };
  try {
    return await invocation(inv, judging, deps);
  } finally {
    await judging.close();
  }
}

async function invocation(inv: InvocationRow, judging: Judging, deps: { compiler: Compiler; sandbox: Sandbox }): Promise<InvocationResult> {
  const ref = await judging.reference();
  if (!ref.ok && !judging.interactor) return { ...nothing, verdict: 'IE', message: `judge error: ${ref.missing}` };
  const prepared = await compileAndLoad(deps, inv.source, inv.language, judging.limits);
  if (!prepared.ok) return { ...nothing, verdict: prepared.verdict, compileOutput: prepared.compileOutput };
  let expected: string | null = null;
  if (ref.ok) {
    const answer = await referenceAnswer(inv.input, ref.reference, null);
    if (!answer.ok) return { ...nothing, verdict: 'IE', compileOutput: prepared.diagnostics || null, message: `judge error: the reference failed on this input (${answer.message})` };
    expected = answer.expected;
  }
  return resultOf(await judgeOne(deps.sandbox, inv.input, expected ?? '', judging.limits, judging.interactor, judging.check), expected, prepared.diagnostics);
}

/** What a custom run shows: the program's output (a game's dialogue), the expected answer, the verdict and the run's figures. */
function resultOf(judged: Awaited<ReturnType<typeof judgeOne>>, expected: string | null, diagnostics: string): InvocationResult {
  const { verdict, message, said, run, dialogue } = judged;
  return {
    verdict,
    output: clip(dialogue ?? run.stdout),
    expected: expected === null ? null : clip(expected),
    stderr: run.stderr ? clip(run.stderr) : null,
    message,
    said,
    compileOutput: diagnostics || null,
    exitCode: run.exitCode,
    timeMs: run.timeMs,
    memoryKb: run.memoryKb,
  };
}

function clip(s: string): string {
  return s.length > KEPT_CHARS ? `${s.slice(0, KEPT_CHARS)}\n… (cut at ${KEPT_CHARS} characters)` : s;
}
