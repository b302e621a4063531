import { referenceAnswer } from './oracle';
import type { ProblemPackage } from '../problems/types';
import { roundWidth, runSpread, type FailingCase, type ShrinkDeps } from './shrink';
import { textSteps } from './text-steps';

/** The pass stops here even if not yet minimal; the failure found so far is still reported. */
const TIME_BUDGET_MS = 10_000;

/**
 * The final shrinking pass, on the input's text (see text-steps.ts): take the first one-step
 * reduction that the validator accepts and on which the solution still fails with the same verdict,
 * and start again from it, until none is left. The result is then minimal against every step:
 * no test case, element or character can be removed and no number lowered without the failure
 * going away. Time and memory failures are shrunk the same way, one candidate per sandbox (see
 * roundWidth in shrink.ts), within the same time budget.
 */
/** What the text pass needs: no generator (a stored problem's shrinking is this pass alone). */
export type TextShrinkDeps = Omit<ShrinkDeps, 'arb' | 'pkg'> & {
  pkg: Pick<ProblemPackage<unknown>, 'validate' | 'limits'>;
  /** A check that runs out of process (a stored problem's validator in a sandbox), asked after `validate`. */
  accepts?: (input: string) => Promise<boolean>;
};

export async function shrinkText(
  failing: FailingCase,
  deps: TextShrinkDeps,
  onStep: (steps: number, inputBytes: number) => void,
): Promise<FailingCase & { steps: number; minimal: boolean }> {
  let current = failing;
  let steps = 0;
  const valid = (input: string): boolean => deps.pkg.validate(input).ok;
  const deadline = performance.now() + (deps.budgetMs ?? TIME_BUDGET_MS);
  const maxWidth = roundWidth(failing.verdict, deps.sandboxes.length);
  let width = 1;

  search: while (performance.now() < deadline && !deps.cancelled?.()) {
    const candidates = textSteps(current.input, valid);
    for (;;) {
      const chunk: { input: string; expected: string }[] = [];
      while (chunk.length < width) {
        const step = candidates.next();
        if (step.done) break;
        if (deps.accepts && !(await deps.accepts(step.value.input))) continue;
        const answer = await referenceAnswer(step.value.input, deps.fast, null);
        if (answer.ok) chunk.push({ input: step.value.input, expected: answer.expected });
      }
      if (chunk.length === 0) return { ...current, steps, minimal: true };
      const runs = await runSpread(deps.sandboxes, chunk, deps.interactor, deps.pkg.limits.timeMs, deps.check);
      const hit = runs.findIndex((r) => r.verdict === failing.verdict);
      if (hit >= 0) {
        const { run, message, said, dialogue } = runs[hit]!;
        current = { ...current, input: chunk[hit]!.input, expected: chunk[hit]!.expected, run, ...(dialogue !== undefined && { message, said: said ?? null, dialogue }) };
        steps++;
        width = 1;
        onStep(steps, current.input.length);
        continue search;
      }
      width = Math.min(width * 2, maxWidth);
      if (performance.now() >= deadline || deps.cancelled?.()) break search;
    }
  }
  return { ...current, steps, minimal: false };
}
