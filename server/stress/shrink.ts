import type * as fc from 'fast-check';
import { decideTestVerdict } from '../judge/test-verdict';
import type { Verdict } from '../judge/verdicts';
import type { ProblemPackage, ReferenceSolver } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';
import { referenceAnswer } from './oracle';

export interface FailingCase {
  value: fc.Value<unknown>;
  input: string;
  expected: string;
  run: RunResult;
  verdict: Verdict;
}

export interface ShrinkDeps {
  arb: fc.Arbitrary<unknown>;
  pkg: ProblemPackage<unknown>;
  fast: ReferenceSolver;
  sandboxes: Sandbox[];
}

/** Most candidates tried in one round. */
const MAX_CHUNK = 32;
/** Shrinking stops here even if not yet minimal; the failure found so far is still reported. */
export const TIME_BUDGET_MS = 10_000;

/**
 * Greedy shrinking along the arbitrary's own shrink tree: take the first candidate (in fast-check's
 * order, which tries the biggest reductions first) that is valid and still fails with the same
 * verdict, and start again from it. When no candidate of the current case fails, no single shrink
 * step of it still fails: it is locally minimal. Time and memory failures are reported unshrunk,
 * since every attempt would cost a whole time limit and the smallest such input says little.
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
  if (failing.verdict !== 'WA' && failing.verdict !== 'RE') return { ...current, steps, runs: 0 };
  const deadline = performance.now() + TIME_BUDGET_MS;
  // Right after a successful step the next candidate often fails too, so try few at a time; after
  // a round without a hit, widen the round so long runs of passing candidates cost few round trips.
  let width = 1;

  search: while (performance.now() < deadline) {
    const candidates = deps.arb.shrink(current.value.value_, current.value.context)[Symbol.iterator]();
    for (;;) {
      const chunk: { value: fc.Value<unknown>; input: string; expected: string }[] = [];
      while (chunk.length < width) {
        const step = candidates.next();
        if (step.done) break;
        const input = deps.pkg.format(step.value.value_);
        if (!deps.pkg.validate(input).ok) continue;
        const answer = referenceAnswer(input, deps.fast, null);
        if (!answer.ok) continue;
        chunk.push({ value: step.value, input, expected: answer.expected });
      }
      if (chunk.length === 0) break search;
      const runs = await runSpread(deps.sandboxes, chunk.map((c) => c.input));
      runsUsed += runs.length;
      const hit = runs.findIndex((run, i) => decideTestVerdict(run, chunk[i]!.expected).verdict === failing.verdict);
      if (hit >= 0) {
        current = { ...chunk[hit]!, run: runs[hit]!, verdict: failing.verdict };
        steps++;
        width = 1;
        onStep(steps, current.input.length);
        continue search;
      }
      width = Math.min(width * 2, MAX_CHUNK);
      if (performance.now() >= deadline) break search;
    }
  }
  return { ...current, steps, runs: runsUsed };
}

/** Runs the inputs split over the sandboxes in parallel; results in input order. */
async function runSpread(sandboxes: Sandbox[], inputs: string[]): Promise<RunResult[]> {
  const share = Math.ceil(inputs.length / sandboxes.length);
  const parts = await Promise.all(
    sandboxes.map((s, k) => {
      const part = inputs.slice(k * share, (k + 1) * share);
      return part.length ? s.runBatch(part) : Promise.resolve([]);
    }),
  );
  return parts.flat();
}
