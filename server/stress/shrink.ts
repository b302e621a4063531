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
  brute: ReferenceSolver | null;
  sandbox: Sandbox;
}

/** Candidates tried per sandbox round trip. */
const CHUNK = 16;
/** Shrinking stops here even if not yet minimal; the failure found so far is still reported. */
const TIME_BUDGET_MS = 20_000;

/**
 * Greedy shrinking along the arbitrary's own shrink tree: take the first candidate (in fast-check's
 * order, which tries the biggest reductions first) that is valid and still fails with the same
 * verdict, and start again from it. When no candidate of the current case fails, no single shrink
 * step of it still fails: it is locally minimal. Time and memory failures are reported unshrunk,
 * since every attempt would cost a whole time limit and the smallest such input says little.
 */
export async function shrinkFailure(
  failing: FailingCase,
  deps: ShrinkDeps,
  onStep: (steps: number, inputBytes: number) => void,
): Promise<FailingCase & { steps: number }> {
  let current = failing;
  let steps = 0;
  if (failing.verdict !== 'WA' && failing.verdict !== 'RE') return { ...current, steps };
  const deadline = performance.now() + TIME_BUDGET_MS;

  search: while (performance.now() < deadline) {
    const candidates = deps.arb.shrink(current.value.value_, current.value.context)[Symbol.iterator]();
    for (;;) {
      const chunk: { value: fc.Value<unknown>; input: string; expected: string }[] = [];
      while (chunk.length < CHUNK) {
        const step = candidates.next();
        if (step.done) break;
        const input = deps.pkg.format(step.value.value_);
        if (!deps.pkg.validate(input).ok) continue;
        const answer = referenceAnswer(input, deps.fast, deps.brute);
        if (!answer.ok) continue;
        chunk.push({ value: step.value, input, expected: answer.expected });
      }
      if (chunk.length === 0) break search;
      const runs = await deps.sandbox.runBatch(chunk.map((c) => c.input));
      const hit = runs.findIndex((run, i) => decideTestVerdict(run, chunk[i]!.expected).verdict === failing.verdict);
      if (hit >= 0) {
        current = { ...chunk[hit]!, run: runs[hit]!, verdict: failing.verdict };
        steps++;
        onStep(steps, current.input.length);
        continue search;
      }
      if (performance.now() >= deadline) break search;
    }
  }
  return { ...current, steps };
}
