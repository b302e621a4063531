import { expect } from 'vitest';
import { decideTestVerdict } from '../../server/judge/test-verdict';
import type { LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver, Size } from '../../server/problems/types';
import type { Sandbox } from '../../server/sandbox/types';
import { referenceAnswer } from '../../server/stress/oracle';
import { TIME_BUDGET_MS } from '../../server/stress/shrink';
import type { StressOutcome } from '../../server/stress/stress-run';

/**
 * Re-runs every one-step shrink of the reported case: none may still fail the same way, unless
 * the shrinker used up its time budget (it then reports the smallest case found so far, which a
 * busy machine can make happen; on a quiet one the case must be minimal).
 */
export async function expectLocallyMinimal(
  outcome: StressOutcome,
  problem: LoadedProblem,
  size: Size,
  refs: { fast: ReferenceSolver; brute: ReferenceSolver },
  sandbox: Sandbox,
): Promise<void> {
  const c = outcome.counterexample!;
  const arb = problem.pkg.arbitrary(size);
  const brute = problem.pkg.bruteSizes.includes(size) ? refs.brute : null;
  const candidates: { input: string; expected: string }[] = [];
  for (const candidate of arb.shrink(c.value.value_, c.value.context)) {
    const input = problem.pkg.format(candidate.value_);
    const answer = referenceAnswer(input, refs.fast, brute);
    if (problem.pkg.validate(input).ok && answer.ok) candidates.push({ input, expected: answer.expected });
  }
  const runs = await sandbox.runBatch(candidates.map((i) => i.input));
  const stillFailing = candidates.filter((_, i) => decideTestVerdict(runs[i]!, candidates[i]!.expected).verdict === c.verdict);
  if (stillFailing.length > 0 && outcome.elapsedMs >= TIME_BUDGET_MS) return;
  expect(stillFailing.map((x) => x.input), `a smaller input still fails (the run took ${outcome.elapsedMs} ms)`).toEqual([]);
}
