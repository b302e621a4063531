import { decideTestVerdict } from '../judge/test-verdict';
import type { Verdict } from '../judge/verdicts';
import { failingCase, type CaseLayout } from '../problems/case-layout';
import type { ProblemPackage } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';
import { batchInput, validPrefix, type CaseStream, type StreamCase } from './batch';
import { BatchSize } from './batch-size';
import type { StressBudget } from './budget';
import { referenceAnswer, type Reference } from './oracle';
import { serially } from './serial';
import { ownCpuMs } from '../platform/thread-cpu';

/** One run of a batch: several cases in one input, and the reference's answer to it. */
export interface BatchRun {
  cases: StreamCase[];
  input: string;
  expected: string;
}

/** The first failing run a batched search met (narrowed to its case afterwards: narrow.ts). */
export type BatchedFinding =
  | {
      /** The failing case when the layout located it (a wrong answer), else the run's first case. */
      index: number;
      kind: 'failure';
      batch: BatchRun;
      run: RunResult;
      verdict: Verdict;
      message: string | null;
      /** True when `index` is the case the layout found; false when the run must be bisected. */
      located: boolean;
    }
  | { index: number; kind: 'error'; message: string; input: string };

export interface BatchedSearchInput {
  stream: CaseStream;
  layout: CaseLayout;
  pkg: ProblemPackage<unknown>;
  fast: Reference;
  brute: Reference | null;
  sandboxes: Sandbox[];
  budget: StressBudget;
  /** Cases of the whole run, and the first one to send (a resumed run). */
  cases: number;
  first: number;
  cancelled: () => boolean;
  yieldNow: () => boolean;
  progress: (casesDone: number) => void;
}

export interface BatchedSearch {
  found: BatchedFinding | null;
  /** Cases run (passed, or in the failing run). */
  done: number;
  stopped: boolean;
  yielding: boolean;
  /** The first case of a prepared round that was not run: a resumed run starts there. */
  firstDropped: number;
  /** The first case never claimed. */
  next: number;
  /** Runs of the program made. */
  runs: number;
}

/** Most runs in one round trip to a sandbox, and the wall time a round is kept to (as the one-case-a-run search). */
const MAX_ROUND = 64;
const ROUND_TARGET_MS = 150;

/**
 * The search of a batched stress run: cases from the stream are packed, as many as BatchSize says
 * and the validator accepts, into inputs of the problem's own multi-case format; the fast
 * reference (cross-checked by the brute force where it applies) answers each whole input, and each
 * sandbox runs rounds of such inputs while the next round is prepared. Stops at the first failing
 * run; a wrong answer's case is located by the layout, anything else is bisected afterwards.
 */
export async function searchBatched(s: BatchedSearchInput): Promise<BatchedSearch> {
  const state: BatchedSearch = { found: null, done: s.first, stopped: false, yielding: false, firstDropped: Infinity, next: s.first, runs: 0 };
  s.stream.skipTo(s.first);
  const size = new BatchSize(s.pkg.limits.timeMs);
  let roundRuns = 1;
  const isCancelled = (): boolean => (state.stopped ||= s.cancelled());
  const yields = (): boolean => (state.yielding ||= state.found === null && s.yieldNow());
  const wanted = (): boolean => !isCancelled() && !yields() && state.next < s.cases && (state.found === null || state.next <= state.found.index) && !s.budget.exhausted();
  const record = (f: BatchedFinding): void => {
    if (state.found === null || f.index < state.found.index) state.found = f;
  };

  type Round = { start: number; runs: BatchRun[]; stopAt: BatchedFinding | null };
  const claim = (): StreamCase => {
    const c = s.stream.next();
    state.next = c.index + 1;
    return c;
  };
  const build = serially(async (): Promise<Round | null> => {
    if (!wanted()) return null;
    const preparing = ownCpuMs();
    const round: Round = { start: state.next, runs: [], stopAt: null };
    while (round.runs.length < roundRuns && state.next < s.cases && round.stopAt === null) {
      const want = Math.min(size.casesPerRun, s.cases - state.next);
      const cases: StreamCase[] = [];
      while (cases.length < want) cases.push(claim());
      const fit = validPrefix(cases, (text) => s.pkg.validate(text));
      if (fit === 0) {
        const v = s.pkg.validate(batchInput(cases.slice(0, 1)));
        const why = v.ok ? '' : ` (line ${v.line}: ${v.message})`;
        round.stopAt = { index: cases[0]!.index, kind: 'error', input: batchInput(cases.slice(0, 1)), message: `the generator produced an invalid case${why}: a bug in the problem package` };
        break;
      }
      if (fit < cases.length) {
        // The problem's bound on T or on the input's size: later runs stay within it, and the
        // cases left out open the next run.
        size.capAt(fit);
        s.stream.putBack(cases.splice(fit));
        state.next = cases[fit - 1]!.index + 1;
      }
      const input = batchInput(cases);
      const answer = await referenceAnswer(input, s.fast, s.brute);
      if (!answer.ok) {
        round.stopAt = await oneCaseError(cases, s, answer.message);
        break;
      }
      round.runs.push({ cases, input, expected: answer.expected });
    }
    s.budget.chargeJudge(ownCpuMs() - preparing);
    return round;
  });

  const lane = async (sandbox: Sandbox): Promise<void> => {
    let round = await build();
    while (round) {
      const running = round.runs.length > 0 ? sandbox.runBatch(round.runs.map((r) => r.input)) : Promise.resolve([]);
      const upcoming = round.stopAt ? Promise.resolve(null) : build();
      const runs = await running;
      state.runs += runs.length;
      s.budget.chargeRuns(runs);
      size.after(runs);
      const slowest = Math.max(0.05, ...runs.map((r) => r.wallMs));
      roundRuns = runs.some((r) => r.status !== 'ok') ? 1 : Math.max(1, Math.min(MAX_ROUND, roundRuns * 2, Math.floor(ROUND_TARGET_MS / slowest)));
      for (let i = 0; i < runs.length; i++) {
        const b = round.runs[i]!;
        const run = runs[i]!;
        const { verdict, checkerMessage } = decideTestVerdict(run, b.expected);
        if (verdict === 'AC') continue;
        const at = verdict === 'WA' ? failingCase(s.layout, b.input, b.expected, run.stdout) : null;
        record({
          index: at ? b.cases[at.index - 1]!.index : b.cases[0]!.index,
          kind: 'failure',
          batch: b,
          run,
          verdict,
          message: verdict === 'WA' ? checkerMessage : run.message,
          located: at !== null,
        });
        break;
      }
      if (round.stopAt) record(round.stopAt);
      state.done += round.runs.reduce((n, r) => n + r.cases.length, 0);
      s.progress(Math.min(state.done, s.cases));
      const next = await upcoming;
      const keep = next && !isCancelled() && !yields() && (state.found === null || next.start <= state.found.index) && !s.budget.exhausted();
      if (next && !keep) state.firstDropped = Math.min(state.firstDropped, next.start);
      round = keep ? next : null;
    }
  };
  await Promise.all(s.sandboxes.map(lane));
  return state;
}

/**
 * The references failed or disagree on a batch: the first case that they fail on alone is the
 * input reported (a one-case input a package author can debug), else the whole batch.
 */
async function oneCaseError(cases: StreamCase[], s: BatchedSearchInput, batchMessage: string): Promise<BatchedFinding> {
  for (const c of cases) {
    const input = batchInput([c]);
    const answer = await referenceAnswer(input, s.fast, s.brute);
    if (!answer.ok) return { index: c.index, kind: 'error', input, message: answer.message };
  }
  return { index: cases[0]!.index, kind: 'error', input: batchInput(cases), message: batchMessage };
}
