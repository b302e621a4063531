import type { Compiler } from '../compile/types';
import type { Sandbox } from '../sandbox/types';
import type { Db } from '../storage/db';
import { getStressRun, stressCancelRequested, type StressFinal } from '../storage/stress-runs';
import { runStress, type StressEvent, type StressOutcome, type StressRequest } from '../stress/stress-run';
import { runStoredStress } from '../problem-store/stored-stress';
import { judgingFor, type Judging } from '../judging/judging';
import { STRESS_CPU_BUDGET_MS } from '../stress/budget';
import type { YieldState } from './protocol';

/** Progress reaches the database (and so the page's poll) at most this often. */
const PROGRESS_EVERY_MS = 200;
/** A cancel request is read from the database at most this often. */
const CANCEL_POLL_MS = 100;
/** Text kept of the solution's output on the counterexample. */
const KEPT_OUTPUT_CHARS = 64 * 1024;

export interface StressJobDeps {
  db: Db;
  compiler: Compiler;
  sandboxes: Sandbox[];
  progress: (casesRun: number, casesPerSecond: number, shrinkSteps: number | null) => void;
  /** True once the queue asked for the thread back (see JudgeQueue): the run stops at its next batch. */
  yieldNow?: () => boolean;
}

/**
 * A finished run's rate: all its cases over the computing time it used in all its turns (the CPU
 * budget it was charged, kept across yields), not over its last turn's wall time alone, which made
 * a run resumed after yielding look many times faster than it was.
 */
export function runRate(casesRun: number, usedMs: number): number | null {
  return usedMs > 0 ? Math.round((casesRun * 1000) / usedMs) : null;
}

/** Runs one stored stress run in this judge thread and returns what to store, or where it resumes after yielding. */
export async function runStressJob(id: number, deps: StressJobDeps): Promise<StressFinal | { yielded: YieldState }> {
  const run = getStressRun(deps.db, id);
  if (!run) return { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: 'judge error: the stress run is missing', errorInput: null };
  let last = 0;
  let casesRun = run.resumeAt;
  let rate = 0;
  let polled = 0;
  let cancelled = false;
  const isCancelled = (): boolean => {
    const now = Date.now();
    if (!cancelled && now - polled >= CANCEL_POLL_MS) {
      polled = now;
      cancelled = stressCancelRequested(deps.db, id);
    }
    return cancelled;
  };
  const request: StressRequest = {
    source: run.source,
    language: run.language,
    cases: run.cases,
    size: run.size,
    seed: run.seed,
    firstCase: run.resumeAt,
    budgetMs: Math.max(0, STRESS_CPU_BUDGET_MS - run.usedMs),
  };
  const onEvent = (e: StressEvent): void => {
    const now = Date.now();
    if (e.type === 'progress') {
      casesRun = e.casesRun;
      rate = e.casesPerSecond;
      if (now - last >= PROGRESS_EVERY_MS) deps.progress(casesRun, rate, null);
    } else if (e.type === 'shrinking') {
      if (now - last >= PROGRESS_EVERY_MS) deps.progress(casesRun, rate, e.steps);
    } else return;
    if (now - last >= PROGRESS_EVERY_MS) last = now;
  };
  const judging = await judgingFor(deps.db, run.problem, deps);
  if (!judging) return { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: `judge error: the problem ${run.problem} is missing`, errorInput: null };
  let outcome: StressOutcome;
  try {
    const found = await stressOf(judging, request, deps, isCancelled, onEvent);
    if ('missing' in found) return { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: found.missing, errorInput: null };
    outcome = found;
  } finally {
    await judging.close();
  }
  if (outcome.result === 'yielded') return { yielded: { resumeAt: outcome.casesRun, usedMs: run.usedMs + outcome.budgetUsedMs } };
  const c = outcome.counterexample;
  return {
    result: outcome.result,
    casesRun: outcome.casesRun,
    casesPerSecond: runRate(outcome.casesRun, run.usedMs + outcome.budgetUsedMs),
    counterexample: c && {
      input: c.input,
      expected: c.expected,
      got: c.got.length > KEPT_OUTPUT_CHARS ? `${c.got.slice(0, KEPT_OUTPUT_CHARS)}\n… (cut)` : c.got,
      verdict: c.verdict,
      shrinkSteps: c.shrinkSteps,
      message: c.message,
      ...(c.said && { said: c.said }),
      caseIndex: c.caseIndex,
    },
    error: outcome.result === 'cancelled' ? `Cancelled after ${outcome.casesRun} case(s).` : outcome.error,
    errorInput: outcome.errorInput,
    note: outcome.note,
  };
}

/**
 * The run over the problem's cases: a built-in's from its package (generator with a shrink tree,
 * fast and brute-force references), a stored problem's from its generator and reference, each in
 * a sandbox of its own; both judge the student's program under the judging's limits, check and
 * interactor. The HTTP API refuses a stored problem without a generator or a runnable reference;
 * one stored since (a new version) is told here.
 */
async function stressOf(judging: Judging, request: StressRequest, deps: StressJobDeps, cancelled: () => boolean, onEvent: (e: StressEvent) => void): Promise<StressOutcome | { missing: string }> {
  const cases = await judging.cases();
  if (!cases.ok) return { missing: cases.missing };
  const { limits, interactor } = judging;
  const common = { compiler: deps.compiler, sandboxes: deps.sandboxes, limits, cancelled, yieldNow: deps.yieldNow };
  const { layout } = judging;
  if (cases.source.kind === 'package') {
    // STRESS_BATCH=0: one case a run for every problem (the baseline of bench/stress-api.bench.ts).
    return runStress(request, { ...common, ...cases.source.tools, ...(interactor && { interactor }), layout, oneCaseARun: process.env.STRESS_BATCH === '0' }, onEvent);
  }
  const { generator, reference } = cases.source;
  return runStoredStress(request, { ...common, generator, reference, ...(judging.check && { check: judging.check }), caseLayout: layout }, onEvent);
}
