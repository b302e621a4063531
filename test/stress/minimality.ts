import { expect } from 'vitest';
import type { LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver, Size } from '../../server/problems/types';
import type { Sandbox } from '../../server/sandbox/types';
import { loadInteractor } from '../../server/problems/interactive';
import { judgeCases } from '../../server/stress/judge-cases';
import { referenceAnswer } from '../../server/stress/oracle';
import type { StressOutcome } from '../../server/stress/stress-run';
import { textSteps } from '../../server/stress/text-steps';

/**
 * Re-runs every one-step shrink of the reported case: none may still fail the same way (the
 * stress runs of these tests give the shrinker a budget no busy machine exhausts).
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
    const answer = await referenceAnswer(input, refs.fast, brute);
    if (problem.pkg.validate(input).ok && answer.ok) candidates.push({ input, expected: answer.expected });
  }
  // Interactive problems: each candidate is a game against the interactor.
  const interactor = problem.pkg.interactive ? await loadInteractor(problem.pkg.slug) : undefined;
  const judged = await judgeCases(sandbox, candidates, interactor, problem.pkg.limits.timeMs);
  judged.forEach((j, i) => {
    expect(j.verdict, `a smaller input still fails:\n${candidates[i]!.input}`).not.toBe(c.verdict);
  });
}

/**
 * The textual pass's promise, checked from the outside: no single step of text-steps.ts (remove a
 * test case or any block of lines, an element, a character; lower a number to the smallest allowed
 * value, to half, by one) applied to the reported input gives a valid input that still fails the
 * same way.
 */
export async function expectMinimalAgainstTextSteps(outcome: StressOutcome, problem: LoadedProblem, fast: ReferenceSolver, sandbox: Sandbox): Promise<number> {
  const c = outcome.counterexample!;
  expect(problem.pkg.validate(c.input)).toEqual({ ok: true });
  const candidates: { input: string; expected: string; kind: string }[] = [];
  for (const step of textSteps(c.input, (input) => problem.pkg.validate(input).ok)) {
    const answer = await referenceAnswer(step.input, fast, null);
    if (answer.ok) candidates.push({ input: step.input, expected: answer.expected, kind: step.kind });
  }
  const interactor = problem.pkg.interactive ? await loadInteractor(problem.pkg.slug) : undefined;
  const judged = await judgeCases(sandbox, candidates, interactor, problem.pkg.limits.timeMs);
  judged.forEach((j, i) => {
    const k = candidates[i]!;
    expect(j.verdict, `${k.kind} leaves a smaller input that still fails:\n${k.input}\n(from\n${c.input})`).not.toBe(c.verdict);
  });
  return candidates.length;
}
