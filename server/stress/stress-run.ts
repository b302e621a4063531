import type * as fc from 'fast-check';
import { compileProgram } from '../languages/compile-program';
import { loadCompiled } from '../languages/program-sandbox';
import type { Compiler } from '../compile/types';
import type { LanguageId } from '../languages/registry';
import { judgeRun } from '../judge/judge-one';
import type { Verdict } from '../judge/verdicts';
import { CASE_LAYOUTS, type CaseLayout } from '../problems/case-layout';
import { loadInteractor } from '../problems/interactive';
import type { LoadedProblem } from '../problems/registry';
import type { Interactor, Limits, ReferenceSolver, Size } from '../problems/types';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
import { CaseStream } from './batch';
import { searchBatched } from './batched-search';
import { StressBudget } from './budget';
import { generateCase } from './cases';
import { judgeCases } from './judge-cases';
import { narrowFailure } from './narrow';
import { referenceAnswer } from './oracle';
import { serially } from './serial';
import { costsALimit, shrinkFailure, TIME_BUDGET_MS } from './shrink';
import { shrinkText } from './shrink-text';
import type { Said } from '../text/messages';
import { ownCpuMs } from '../platform/thread-cpu';

export interface StressRequest {
  source: string;
  /** TypeScript (type-checked) unless said otherwise. */
  language?: LanguageId;
  cases: number;
  size: Size;
  seed: number;
  /** Judge CPU the run may use, ms (default STRESS_CPU_BUDGET_MS). */
  budgetMs?: number;
  /** A run resumed after yielding its thread: the cases before this index passed already. */
  firstCase?: number;
}

export interface StressDeps {
  compiler: Compiler;
  /** One or more loaded-on-demand sandboxes; batches are spread over all of them. */
  sandboxes: Sandbox[];
  problem: LoadedProblem;
  fast: ReferenceSolver;
  brute: ReferenceSolver;
  /** Interactive problems: each case is a game against it (the reference only names the winner). */
  interactor?: Interactor;
  /**
   * The limits the program runs under: a stress job's are its problem's judging's (the stored
   * header's, server/judging/judging.ts); absent, the package's own (the command line, tests).
   */
  limits?: Limits;
  /** The problem's case layout (its judging's); absent, the built-in table's (server/problems/case-layout.ts). */
  layout?: CaseLayout | null;
  /** Asked between batches and shrink rounds: true ends the run as 'cancelled' with the cases run so far. */
  cancelled?: () => boolean;
  /**
   * Asked between batches while no failure is found: true ends the run as 'yielded' with every case
   * before `casesRun` passed, to be resumed from there (the judge queue gives the thread to waiting work).
   */
  yieldNow?: () => boolean;
  /** Time each shrinking pass may take (default 10 s); tests that check minimality give more. */
  shrinkBudgetMs?: number;
  /**
   * One case a run even for a problem whose input is T cases (the baseline the bench and the
   * known-wrong comparison measure batching against; STRESS_BATCH=0 on a server).
   */
  oneCaseARun?: boolean;
}

export interface Counterexample {
  input: string;
  expected: string;
  got: string;
  verdict: Verdict;
  /** Accepted shrink steps from the first failing case to this one. */
  shrinkSteps: number;
  /** The checker's or the runtime's explanation. */
  message: string | null;
  /** The same as a message id and arguments (server/text/messages.ts), when it is one. */
  said?: Said;
  /**
   * Which random case failed first (0-based), before shrinking: for a problem whose input is T
   * cases, run in batches, the case of the stream (batch.ts); else the generated input.
   */
  caseIndex: number;
  /**
   * The case after the generator's shrinking, as its structured value (for tools and tests; not sent
   * to clients). The textual pass that follows may have shrunk `input` further.
   */
  value: fc.Value<unknown>;
}

export interface StressOutcome {
  result: 'passed' | 'failed' | 'error' | 'cancelled' | 'yielded';
  casesRun: number;
  casesTotal: number;
  seed: number;
  size: Size;
  counterexample: Counterexample | null;
  /** For 'error': what went wrong (compilation error, a reference bug, an invalid generated input). */
  error: string | null;
  /** For 'error' caused by an input (reference disagreement, invalid generated input): that input. */
  errorInput: string | null;
  /** Why a passed run stopped before its last case ("budget exhausted after N cases"), or null. */
  note: string | null;
  elapsedMs: number;
  /** Judge CPU this call spent of its budget (a resumed run carries it over). */
  budgetUsedMs: number;
  /**
   * Runs of the program the search made in this call: one a case, or fewer when cases go many to
   * a run (batch.ts). Runs that narrow and shrink a failure are not counted.
   */
  runs: number;
}

export type StressEvent =
  | { type: 'compiling' }
  | { type: 'progress'; casesRun: number; casesTotal: number; casesPerSecond: number }
  | { type: 'shrinking'; steps: number; inputBytes: number };

/** A failure or a reference problem found at a case index; the smallest index decides the run. */
type Finding =
  | { index: number; kind: 'failure'; value: fc.Value<unknown>; input: string; expected: string; run: RunResult; verdict: Verdict; message?: string | null; said?: Said | null; dialogue?: string; textOnly?: boolean }
  | { index: number; kind: 'error'; message: string; input: string };

const MAX_BATCH = 64;
const MAX_BATCH_BYTES = 1 << 20;
/**
 * A batch is read only when all of its cases end, so a batch is kept to about this much wall time:
 * runs start with one case per batch and grow while cases are quick. A slow or failing case drops
 * the size back to one, so a looping program is reported about one time limit after it starts.
 */
const BATCH_TARGET_MS = 150;

/**
 * Random tests on demand: generate cases with the problem's generator, run the solution on them in
 * the sandbox, compare with the reference (cross-checked by the brute force where it applies), stop
 * at the first failure and shrink it to a locally minimal input that still fails the same way.
 */
export async function runStress(req: StressRequest, deps: StressDeps, onEvent: (e: StressEvent) => void = () => {}): Promise<StressOutcome> {
  const started = performance.now();
  const { problem, fast } = deps;
  // The package as this run judges it: its own limits unless the judging's are given.
  const pkg = deps.limits ? { ...problem.pkg, limits: deps.limits } : problem.pkg;
  const brute = pkg.bruteSizes.includes(req.size) ? deps.brute : null;
  const interactor = deps.interactor ?? (pkg.interactive ? await loadInteractor(pkg.slug) : undefined);
  const base: StressOutcome = {
    result: 'passed',
    casesRun: 0,
    casesTotal: req.cases,
    seed: req.seed,
    size: req.size,
    counterexample: null,
    error: null,
    errorInput: null,
    note: null,
    elapsedMs: 0,
    budgetUsedMs: 0,
    runs: 0,
  };
  let budgetUsed = (): number => 0;
  let runs = (): number => 0;
  const finish = (o: Partial<StressOutcome>): StressOutcome => ({ ...base, ...o, elapsedMs: Math.round(performance.now() - started), budgetUsedMs: budgetUsed(), runs: runs() });

  onEvent({ type: 'compiling' });
  const compiled = await compileProgram(deps.compiler, req.source, req.language);
  if (!compiled.ok) return finish({ result: 'error', error: `Compilation error:\n${compiled.diagnostics}` });
  const limits = { ...pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT };
  await Promise.all(deps.sandboxes.map((s) => loadCompiled(s, compiled.program, limits)));

  const arb = pkg.arbitrary(req.size);
  const budget = new StressBudget(req.budgetMs);
  budgetUsed = () => budget.used();
  const first = Math.min(req.firstCase ?? 0, req.cases);
  let next = first;
  let done = first;
  let found: Finding | null = null;
  let batchSize = 1;
  runs = () => done - first;
  let stopped = false;
  const isCancelled = (): boolean => (stopped ||= deps.cancelled?.() ?? false);
  let yielding = false;
  /** The first case of a prepared batch that was not run: a resumed run starts there. */
  let firstDropped = Infinity;
  // Only before a failure: a failure found is shrunk and reported in this turn.
  const yields = (): boolean => (yielding ||= found === null && (deps.yieldNow?.() ?? false));

  type Batch = { start: number; cases: { value: fc.Value<unknown>; input: string; expected: string }[]; stopAt: Finding | null };
  const wanted = (): boolean => !isCancelled() && !yields() && next < req.cases && (found === null || next <= found.index) && !budget.exhausted();

  // Claims the next cases and prepares them: generate, format, validate, ask the references.
  const build = serially(async (): Promise<Batch | null> => {
    if (!wanted()) return null;
    const batch: Batch = { start: next, cases: [], stopAt: null };
    const preparing = ownCpuMs();
    let bytes = 0;
    while (next < req.cases && batch.cases.length < batchSize && bytes < MAX_BATCH_BYTES) {
      const index = next++;
      const value = generateCase(arb, req.seed, index);
      const input = pkg.format(value.value_);
      const valid = pkg.validate(input);
      if (!valid.ok) {
        batch.stopAt = { index, kind: 'error', input, message: `the generator produced an invalid input (line ${valid.line}: ${valid.message}): a bug in the problem package` };
        break;
      }
      const answer = await referenceAnswer(input, fast, brute);
      if (!answer.ok) {
        batch.stopAt = { index, kind: 'error', input, message: answer.message };
        break;
      }
      batch.cases.push({ value, input, expected: answer.expected });
      bytes += input.length;
    }
    budget.chargeJudge(ownCpuMs() - preparing);
    return batch;
  });

  // Each lane keeps its sandbox busy: the next batch is prepared while the current one runs.
  const lane = async (sandbox: Sandbox): Promise<void> => {
    let batch = await build();
    while (batch) {
      const running = judgeCases(sandbox, batch.cases, interactor, pkg.limits.timeMs);
      const upcoming = batch.stopAt ? Promise.resolve(null) : build();
      const runs = await running;
      const plain = runs.map((r) => r.run);
      budget.chargeRuns(plain);
      adapt(plain);
      for (let i = 0; i < runs.length; i++) {
        const c = batch.cases[i]!;
        const { run, verdict, message, said, dialogue } = runs[i]!;
        if (verdict !== 'AC') {
          record({ index: batch.start + i, kind: 'failure', value: c.value, input: c.input, expected: c.expected, run, verdict, message, said, dialogue });
          break;
        }
      }
      if (batch.stopAt) record(batch.stopAt);
      done += runs.length;
      const elapsed = (performance.now() - started) / 1000;
      onEvent({ type: 'progress', casesRun: Math.min(done, req.cases), casesTotal: req.cases, casesPerSecond: Math.round((done - first) / Math.max(elapsed, 1e-3)) });
      const prepared = await upcoming;
      batch = prepared && !isCancelled() && !yields() && (found === null || prepared.start <= (found as Finding).index) && !budget.exhausted() ? prepared : null;
      if (prepared && !batch) firstDropped = Math.min(firstDropped, prepared.start);
    }
  };
  const adapt = (runs: RunResult[]): void => {
    if (runs.length === 0) return;
    const slow = runs.some((r) => r.status !== 'ok' || r.wallMs > limits.timeMs / 4);
    const perCase = Math.max(0.05, ...runs.map((r) => r.wallMs));
    batchSize = slow ? 1 : Math.max(1, Math.min(MAX_BATCH, batchSize * 2, Math.floor(BATCH_TARGET_MS / perCase)));
  };
  const record = (f: Finding): void => {
    if (found === null || f.index < found.index) found = f;
  };

  // A problem whose input is T cases sends many cases a run, in its own format (batch.ts).
  const declared = deps.layout === undefined ? CASE_LAYOUTS[pkg.slug] : deps.layout;
  const layout = pkg.interactive || deps.oneCaseARun || !declared ? undefined : declared;
  if (layout) {
    const stream = new CaseStream(arb, pkg, layout, req.seed);
    const progress = (casesRun: number): void => {
      const elapsed = (performance.now() - started) / 1000;
      onEvent({ type: 'progress', casesRun, casesTotal: req.cases, casesPerSecond: Math.round((casesRun - first) / Math.max(elapsed, 1e-3)) });
    };
    let search;
    try {
      search = await searchBatched({ stream, layout, pkg, fast, brute, sandboxes: deps.sandboxes, budget, cases: req.cases, first, cancelled: () => deps.cancelled?.() ?? false, yieldNow: () => deps.yieldNow?.() ?? false, progress });
    } catch (e) {
      return finish({ result: 'error', error: e instanceof Error ? e.message : String(e) });
    }
    ({ done, stopped, yielding, firstDropped, next } = search);
    const made = search.runs;
    runs = () => made;
    const f = search.found;
    if (f?.kind === 'failure') {
      // Narrowed while the run is still a failure: its bisection runs count as part of the search.
      const narrowed = await narrowFailure(f, { stream, fast, sandboxes: deps.sandboxes, timeMs: pkg.limits.timeMs });
      found = { kind: 'failure', ...narrowed };
    } else found = f;
  } else await Promise.all(deps.sandboxes.map(lane));

  const finding = found as Finding | null;
  if (stopped && finding === null) return finish({ result: 'cancelled', casesRun: Math.min(done, req.cases) });
  if (yielding && finding === null) return finish({ result: 'yielded', casesRun: Math.min(firstDropped, next, req.cases) });
  if (finding === null) return finish(done < req.cases ? { result: 'passed', casesRun: done, note: StressBudget.note(done) } : { result: 'passed', casesRun: req.cases });
  if (finding.kind === 'error') {
    return finish({ result: 'error', casesRun: finding.index + 1, error: finding.message, errorInput: finding.input });
  }

  const shrinkDeps = { arb, pkg, fast, sandboxes: deps.sandboxes, interactor, cancelled: isCancelled, budgetMs: deps.shrinkBudgetMs };
  // A time or memory failure costs a whole limit per failing candidate: both passes share one
  // budget, so the student hears about a looping program seconds later, not a minute.
  const costly = costsALimit(finding.verdict);
  const shrinkStart = performance.now();
  // Said at once: a time-limit failure's first accepted step can be a whole limit away.
  onEvent({ type: 'shrinking', steps: 0, inputBytes: Buffer.byteLength(finding.input) });
  const failing = { value: finding.value, input: finding.input, expected: finding.expected, run: finding.run, verdict: finding.verdict, message: finding.message, said: finding.said, dialogue: finding.dialogue };
  // An input that is not its value's text (narrow.ts) has no shrink tree: the textual pass alone.
  const byGenerator = finding.textOnly
    ? { ...failing, steps: 0 }
    : await shrinkFailure(failing, shrinkDeps, (steps, inputBytes) => onEvent({ type: 'shrinking', steps, inputBytes }));
  const textBudgetMs = costly ? Math.max(0, (deps.shrinkBudgetMs ?? TIME_BUDGET_MS) - (performance.now() - shrinkStart)) : deps.shrinkBudgetMs;
  // The generator's shrink tree cannot always drop one game or lower one number on its own: a
  // generic pass over the text finishes the job (see shrink-text.ts).
  const byText = await shrinkText(byGenerator, { ...shrinkDeps, budgetMs: textBudgetMs }, (steps, inputBytes) => onEvent({ type: 'shrinking', steps: byGenerator.steps + steps, inputBytes }));
  const shrunk = { ...byText, value: byGenerator.value, steps: byGenerator.steps + byText.steps };
  const checked = await referenceAnswer(shrunk.input, fast, brute);
  if (!checked.ok) return finish({ result: 'error', casesRun: finding.index + 1, error: checked.message, errorInput: shrunk.input });
  // A game's verdict and message are the interactor's; else the one rule of judge-one.ts.
  const { verdict, message, said } =
    shrunk.dialogue !== undefined ? { verdict: shrunk.verdict, message: shrunk.message ?? null, said: shrunk.said ?? null } : judgeRun(shrunk.run, shrunk.expected);
  return finish({
    result: 'failed',
    casesRun: finding.index + 1,
    counterexample: {
      input: shrunk.input,
      expected: shrunk.expected,
      got: shrunk.dialogue ?? shrunk.run.stdout,
      verdict,
      shrinkSteps: shrunk.steps,
      message,
      ...(said && { said }),
      caseIndex: finding.index,
      value: shrunk.value,
    },
  });
}
