import * as fc from 'fast-check';
import { compileProgram } from '../languages/compile-program';
import { loadCompiled } from '../languages/program-sandbox';
import type { Compiler } from '../compile/types';
import { judgeOne, judgeRunChecked } from '../judge/judge-one';
import type { OutputCheck } from '../judge/output-check';
import type { CaseLayout } from '../problems/case-layout';
import { seedFor } from '../problems/seed';
import type { Limits } from '../problems/types';
import { sameShape, storedInputCheck } from './input-shape';
import type { SandboxedGenerator } from './sandboxed-generator';
import type { SandboxedReference } from './sandboxed-reference';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
import { StressBudget } from '../stress/budget';
import { referenceAnswer } from '../stress/oracle';
import { shrinkText } from '../stress/shrink-text';
import type { StressEvent, StressOutcome, StressRequest } from '../stress/stress-run';

export interface StoredStressDeps {
  compiler: Compiler;
  sandboxes: Sandbox[];
  /** The stored header's limits, as a submission is judged. */
  limits: Limits;
  generator: SandboxedGenerator;
  reference: SandboxedReference;
  /** The stored problem's own check (float tolerance, an output validator); absent: the token checker. */
  check?: OutputCheck;
  caseLayout: CaseLayout | null;
  cancelled?: () => boolean;
  yieldNow?: () => boolean;
  shrinkBudgetMs?: number;
}

type Finding =
  | { index: number; kind: 'failure'; input: string; expected: string; run: RunResult; verdict: Exclude<import('../judge/verdicts').Verdict, 'AC'> }
  | { index: number; kind: 'error'; input: string; message: string };

/**
 * Stress tests of a stored problem (a published draft or an imported package with a generator):
 * each case is the teacher's generate(rng, size) run in a sandbox on a seed made from (run seed,
 * case index), checked for the input's shape, answered by the stored reference in a sandbox of its
 * own and judged by the problem's own check, one case a run. A failure is shrunk on its text alone
 * (shrink-text.ts): a stored problem has no shrink tree; each step is also put to the generator's
 * validate(input) when it exports one. The generator's or the reference's failure
 * ends the run as an error naming the package, never as the student's verdict.
 */
export async function runStoredStress(req: StressRequest, deps: StoredStressDeps, onEvent: (e: StressEvent) => void = () => {}): Promise<StressOutcome> {
  const started = performance.now();
  const budget = new StressBudget(req.budgetMs);
  let made = 0;
  const base: StressOutcome = {
    result: 'passed', casesRun: 0, casesTotal: req.cases, seed: req.seed, size: req.size, counterexample: null,
    error: null, errorInput: null, note: null, elapsedMs: 0, budgetUsedMs: 0, runs: 0,
  };
  const finish = (o: Partial<StressOutcome>): StressOutcome => ({ ...base, ...o, elapsedMs: Math.round(performance.now() - started), budgetUsedMs: budget.used(), runs: made });

  onEvent({ type: 'compiling' });
  const compiled = await compileProgram(deps.compiler, req.source, req.language);
  if (!compiled.ok) return finish({ result: 'error', error: `Compilation error:\n${compiled.diagnostics}` });
  await Promise.all(deps.sandboxes.map((s) => loadCompiled(s, compiled.program, { ...deps.limits, outputBytes: DEFAULT_OUTPUT_LIMIT })));

  const validate = storedInputCheck(deps.caseLayout);
  const first = Math.min(req.firstCase ?? 0, req.cases);
  let next = first;
  let done = 0;
  let found: Finding | null = null;
  let stopped = false;
  let yielding = false;
  const record = (f: Finding): void => {
    if (found === null || f.index < found.index) found = f;
  };
  const wanted = (): boolean => {
    stopped ||= deps.cancelled?.() ?? false;
    yielding ||= found === null && (deps.yieldNow?.() ?? false);
    return !stopped && !yielding && next < req.cases && (found === null || next < found.index) && !budget.exhausted();
  };

  const lane = async (sandbox: Sandbox): Promise<void> => {
    while (wanted()) {
      const index = next++;
      const preparing = performance.now();
      const made_ = await deps.generator.generate(seedFor('stored-stress', req.seed, index), req.size);
      if (!made_.ok) {
        record({ index, kind: 'error', input: '', message: `${made_.error}: a bug in the problem package` });
        break;
      }
      const input = made_.input;
      const valid = validate(input);
      if (!valid.ok) {
        record({ index, kind: 'error', input, message: `the generator produced an invalid input (line ${valid.line}: ${valid.message}): a bug in the problem package` });
        break;
      }
      const answer = await referenceAnswer(input, deps.reference, null);
      budget.chargeJudge(performance.now() - preparing);
      if (!answer.ok) {
        record({ index, kind: 'error', input, message: `${answer.message}: a bug in the problem package, not in your solution` });
        break;
      }
      const judged = await judgeOne(sandbox, input, answer.expected, deps.limits, null, deps.check);
      made++;
      done++;
      budget.chargeRuns([judged.run]);
      if (judged.verdict === 'IE') {
        record({ index, kind: 'error', input, message: judged.message ?? 'judge error' });
        break;
      }
      if (judged.verdict !== 'AC') {
        record({ index, kind: 'failure', input, expected: answer.expected, run: judged.run, verdict: judged.verdict });
        break;
      }
      const elapsed = (performance.now() - started) / 1000;
      onEvent({ type: 'progress', casesRun: first + done, casesTotal: req.cases, casesPerSecond: Math.round(done / Math.max(elapsed, 1e-3)) });
    }
  };
  await Promise.all(deps.sandboxes.map(lane));

  const finding = found as Finding | null;
  if (stopped && finding === null) return finish({ result: 'cancelled', casesRun: first + done });
  if (yielding && finding === null) return finish({ result: 'yielded', casesRun: next });
  if (finding === null) return finish(next < req.cases ? { result: 'passed', casesRun: next, note: StressBudget.note(next) } : { result: 'passed', casesRun: req.cases });
  if (finding.kind === 'error') return finish({ result: 'error', casesRun: finding.index + 1, error: finding.message, errorInput: finding.input || null });

  onEvent({ type: 'shrinking', steps: 0, inputBytes: Buffer.byteLength(finding.input) });
  const original = finding.input;
  const ownCheck = deps.generator.validate;
  const shapeKept = (input: string): boolean => validate(input).ok && (deps.caseLayout ? true : sameShape(original, input));
  const shrunk = await shrinkText(
    { value: new fc.Value(original, undefined), input: original, expected: finding.expected, run: finding.run, verdict: finding.verdict },
    {
      fast: deps.reference,
      sandboxes: deps.sandboxes,
      check: deps.check,
      pkg: { validate: (input) => (shapeKept(input) ? { ok: true } : { ok: false, line: 1, message: 'not the input shape' }), limits: deps.limits },
      // The generator's own validate, when it has one (an exported built-in's has): the smallest
      // counterexample is then an input the problem accepts, not only one of the same shape.
      ...(ownCheck && { accepts: async (input: string) => (await ownCheck(input)) === true }),
      cancelled: deps.cancelled,
      budgetMs: deps.shrinkBudgetMs,
    },
    (steps, inputBytes) => onEvent({ type: 'shrinking', steps, inputBytes }),
  );
  const { message, said } = await judgeRunChecked(shrunk.run, shrunk.input, shrunk.expected, deps.check);
  return finish({
    result: 'failed',
    casesRun: finding.index + 1,
    counterexample: {
      input: shrunk.input,
      expected: shrunk.expected,
      got: shrunk.run.stdout,
      verdict: shrunk.verdict,
      shrinkSteps: shrunk.steps,
      message,
      ...(said && { said }),
      caseIndex: finding.index,
      value: new fc.Value(shrunk.input, undefined),
    },
  });
}
