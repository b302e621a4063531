import type { OutputCheck, OutputCheckResult } from '../judge/output-check';
import { buildProgram, feedbackText, firstLines, runWithFiles, BOX_WORK_DIR, JUDGE_MESSAGE_CHARS, MAX_NEXTPASS_BYTES, TEAM_MESSAGE_CHARS, type NativePackageProgram } from './package-programs';

/**
 * A package's output validator program (C++, C or Python) judging one output, in the format's
 * calling convention: `validator input answer feedback_dir [args] < output`, exit 42 accepted, 43
 * wrong, anything else the judge's failure (IE, never a student's WA); `teammessage.txt` is what
 * the student reads, `judgemessage.txt` the teacher's. A testlib checker (testlib.h beside it) is
 * called as testlib does: `checker input output answer`, exit 0 accepted, 1 or 2 wrong (2 is
 * testlib's presentation error), 3 a failure of the checker, 7 partial points (not accepted on a
 * pass/fail judge), its one-line verdict on standard error.
 */
export function programOutputCheck(p: NativePackageProgram & { testlib: boolean }, args: string[], passes?: number): OutputCheck {
  const check: OutputCheck = async (test, output): Promise<OutputCheckResult> => {
    const b = await buildProgram(p);
    if (!b.ok) return { verdict: 'IE', message: `the output validator ${p.path} ${b.reason}` };
    const w = BOX_WORK_DIR;
    const files = { input: test.input, answer: test.expected };
    const run = p.testlib
      ? await runWithFiles(b.program, { ...files, output }, [`${w}/input`, `${w}/output`, `${w}/answer`], '')
      : await runWithFiles(b.program, files, [`${w}/input`, `${w}/answer`, `${w}/feedback/`, ...args], output, undefined, test.feedback);
    const r = run.result;
    const code = r.exitCode;
    if (r.status === 'tle') return { verdict: 'IE', message: `the output validator ${p.path} ran past its CPU time and was stopped` };
    if (r.status === 'mle') return { verdict: 'IE', message: `the output validator ${p.path} used more memory than it may` };
    if (p.testlib) {
      const said = firstLines(r.stderr, 2);
      if (code === 0) return { verdict: 'AC', message: said || 'accepted by the checker' };
      if (code === 1 || code === 2) return { verdict: 'WA', message: said || 'wrong answer (the checker said so)' };
      if (code === 7) return { verdict: 'WA', message: `partial points, not accepted on this pass/fail judge: ${said}` };
      return { verdict: 'IE', message: `the checker ${p.path} failed (exit code ${code ?? r.signal ?? r.status}): ${said}` };
    }
    const team = feedbackText(run.read('feedback/teammessage.txt'), TEAM_MESSAGE_CHARS);
    // The judge message may hold the answer: it is the teacher's; the student gets the team message.
    const judgeMessage = feedbackText(run.read('feedback/judgemessage.txt'), JUDGE_MESSAGE_CHARS);
    const judge = judgeMessage ? { judgeMessage } : {};
    const next = run.read('feedback/nextpass.in');
    // Multi-pass: nextpass.in with 42 asks for another run; with any other exit code it is the validator's fault.
    if (passes && (next !== null || run.tooBig) && code !== 42) return { verdict: 'IE', message: `the output validator ${p.path} wrote nextpass.in but exited with ${code !== null ? `code ${code}` : (r.signal ?? r.status)}, not 42` };
    if (passes && code === 42 && run.tooBig) return { verdict: 'IE', message: `the output validator ${p.path} wrote a nextpass.in over ${MAX_NEXTPASS_BYTES} bytes` };
    if (passes && code === 42 && next !== null) {
      const { ['nextpass.in']: input, ...feedback } = run.feedback;
      return { verdict: 'AC', message: team || 'accepted by the output validator', nextPass: { input: input!, feedback }, ...judge };
    }
    if (code === 42) return { verdict: 'AC', message: team || 'accepted by the output validator', ...judge };
    if (code === 43) return { verdict: 'WA', message: team || 'wrong answer (the output validator said so)', ...judge };
    return { verdict: 'IE', message: `the output validator ${p.path} exited with ${code !== null ? `code ${code}` : (r.signal ?? r.status)}, not 42 or 43${r.stderr ? `: ${firstLines(r.stderr)}` : ''}` };
  };
  if (passes) check.passes = passes;
  return check;
}
