import { CASE_LAYOUTS } from '../../server/problems/case-layout';
import type { LoadedProblem } from '../../server/problems/registry';
import type { Size } from '../../server/problems/types';
import { splitCases } from '../../server/stress/batch';
import { generateCase } from '../../server/stress/cases';

/**
 * The stress cases of a run's first `inputs` generated inputs: the games they hold where the
 * problem's input is T cases (a batched run counts games), else `inputs`. A batched search given
 * this many cases meets exactly the games a one-case-a-run search of `inputs` cases meets.
 */
export function casesOfFirstInputs(problem: LoadedProblem, size: Size, seed: number, inputs: number): number {
  const layout = problem.pkg.interactive ? undefined : CASE_LAYOUTS[problem.pkg.slug];
  if (!layout) return inputs;
  const arb = problem.pkg.arbitrary(size);
  let cases = 0;
  for (let i = 0; i < inputs; i++) cases += splitCases(problem.pkg.format(generateCase(arb, seed, i).value_), layout).length;
  return cases;
}
