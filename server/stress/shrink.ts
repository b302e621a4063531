import type * as fc from 'fast-check';
import type { Verdict } from '../judge/verdicts';
import type { OutputCheck } from '../judge/output-check';
import type { Interactor, ProblemPackage } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';
import { judgeCases, type JudgedCase } from './judge-cases';
import { referenceAnswer, type Reference } from './oracle';
import type { Said } from '../text/messages';

export interface FailingCase {
  value: fc.Value<unknown>;
  input: string;
  expected: string;
  run: RunResult;
  verdict: Verdict;
  /** Interactive problems: the interactor's message and the game's dialogue. */
  message?: string | null;
  said?: Said | null;
  dialogue?: string;
}

export interface ShrinkDeps {
  arb: fc.Arbitrary<unknown>;
  pkg: ProblemPackage<unknown>;
  fast: Reference;
  sandboxes: Sandbox[];
  interactor?: Interactor;
  /** A stored problem's own output check (float tolerance, an output validator); else the token checker. */
  check?: OutputCheck;
  /** True once the user cancelled the run: shrinking stops and keeps what it has. */
  cancelled?: () => boolean;
  /** Time each shrinking pass may take (default 10 s); tests that check minimality give more. */
  budgetMs?: number;
}

/** Most candidates tried in one round. */
const MAX_ROUND = 32;
/** Shrinking stops here even if not yet minimal; the failure found so far is still reported. */
export const TIME_BUDGET_MS = 10_000;

/**
 * Greedy shrinking along the arbitrary's own shrink tree: take the first candidate (in fast-check's
 * order, which tries the biggest reductions first) that is valid and still fails with the same
 * verdict, and start again from it. When no candidate of the current case fails, no single shrink
 * step of it still fails: it is locally minimal. Time and memory failures are shrunk too (a student
 * must see which game loops): a candidate that runs out of time counts as still failing, each costs
 * at most one time limit, and the pass's time budget bounds the whole search.
 * Candidates are answered by the fast reference alone (a brute force can take far longer than the
 * solution on every candidate); the caller cross-checks the final case.
 */
export async function shrinkFailure(
  failing: FailingCase,
  deps: ShrinkDeps,
  onStep: (steps: number, inputBytes: number) => void,
): Promise<FailingCase & { steps: number; runs: number }> {
  let current = failing;
  let steps = 0;
  let runsUsed = 0;
  const deadline = performance.now() + (deps.budgetMs ?? TIME_BUDGET_MS);
  const maxWidth = roundWidth(failing.verdict, deps.sandboxes.length);
  // Right after a successful step the next candidate often fails too, so try few at a time; after
  // a round without a hit, widen the round so long runs of passing candidates cost few round trips.
  let width = 1;

  // A time or memory failure costs a whole limit per failing candidate, so walking down the shrink
  // tree one step at a time costs a limit per step when the program fails on every input (an
  // endless loop): the smallest case the tree reaches is tried first, in one run, and the greedy
  // search goes on from it when it fails the same way.
  if (costsALimit(failing.verdict)) {
    const smallest = await smallestCandidate(current, deps);
    if (smallest) {
      const [run] = await runSpread(deps.sandboxes.slice(0, 1), [smallest], deps.interactor, deps.pkg.limits.timeMs);
      runsUsed++;
      if (run && run.verdict === failing.verdict) {
        current = { ...smallest, run: run.run, verdict: failing.verdict, ...(run.dialogue !== undefined && { message: run.message, said: run.said ?? null, dialogue: run.dialogue }) };
        steps++;
        onStep(steps, current.input.length);
      }
    }
  }

  search: while (performance.now() < deadline && !deps.cancelled?.()) {
    const candidates = deps.arb.shrink(current.value.value_, current.value.context)[Symbol.iterator]();
    for (;;) {
      const chunk: { value: fc.Value<unknown>; input: string; expected: string }[] = [];
      while (chunk.length < width) {
        const step = candidates.next();
        if (step.done) break;
        const input = deps.pkg.format(step.value.value_);
        if (!deps.pkg.validate(input).ok) continue;
        const answer = await referenceAnswer(input, deps.fast, null);
        if (!answer.ok) continue;
        chunk.push({ value: step.value, input, expected: answer.expected });
      }
      if (chunk.length === 0) break search;
      const runs = await runSpread(deps.sandboxes, chunk, deps.interactor, deps.pkg.limits.timeMs);
      runsUsed += runs.length;
      const hit = runs.findIndex((r) => r.verdict === failing.verdict);
      if (hit >= 0) {
        const { run, message, said, dialogue } = runs[hit]!;
        current = { ...chunk[hit]!, run, verdict: failing.verdict, ...(dialogue !== undefined && { message, said: said ?? null, dialogue }) };
        steps++;
        width = 1;
        onStep(steps, current.input.length);
        continue search;
      }
      width = Math.min(width * 2, maxWidth);
      if (performance.now() >= deadline) break search;
    }
  }
  return { ...current, steps, runs: runsUsed };
}

/** Steps of the descent to the smallest candidate, at most (each formats and answers one case). */
const MAX_DESCENT = 200;

/**
 * The case reached by taking, from the failing one, the first valid candidate of each shrink step
 * (fast-check puts the biggest reduction first), without running any: the smallest input the tree
 * leads to. Null when the failing case has no valid candidate.
 */
async function smallestCandidate(failing: FailingCase, deps: ShrinkDeps): Promise<{ value: fc.Value<unknown>; input: string; expected: string } | null> {
  let found: { value: fc.Value<unknown>; input: string; expected: string } | null = null;
  let value = failing.value;
  descent: for (let i = 0; i < MAX_DESCENT; i++) {
    for (const next of deps.arb.shrink(value.value_, value.context)) {
      const input = deps.pkg.format(next.value_);
      if (!deps.pkg.validate(input).ok) continue;
      const answer = await referenceAnswer(input, deps.fast, null);
      if (!answer.ok) continue;
      found = { value: next, input, expected: answer.expected };
      value = next;
      continue descent;
    }
    break;
  }
  return found;
}

/**
 * Most candidates run in one round. A time or memory failure costs a whole limit per failing
 * candidate, and a sandbox process killed in a batch reports its cause for every case of the batch,
 * so those candidates run one per sandbox: a round never takes more than one limit, and a hit is
 * always the candidate's own.
 */
export function roundWidth(verdict: Verdict, sandboxes: number): number {
  return costsALimit(verdict) ? Math.max(1, sandboxes) : MAX_ROUND;
}

/** Failures whose every failing candidate runs until a limit stops it. */
export function costsALimit(verdict: Verdict): boolean {
  return verdict === 'TLE' || verdict === 'MLE' || verdict === 'OLE';
}

/** Runs and judges the cases split over the sandboxes in parallel; results in input order. */
export async function runSpread(
  sandboxes: Sandbox[],
  cases: { input: string; expected: string }[],
  interactor: Interactor | undefined,
  timeMs: number,
  check?: OutputCheck,
): Promise<JudgedCase[]> {
  const share = Math.ceil(cases.length / sandboxes.length);
  const parts = await Promise.all(sandboxes.map((s, k) => judgeCases(s, cases.slice(k * share, (k + 1) * share), interactor, timeMs, check)));
  return parts.flat();
}
