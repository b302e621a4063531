import { loadProblem, loadReference, type LoadedProblem } from './registry';
import type { ReferenceSolver } from './types';

export interface ProblemTools {
  problem: LoadedProblem;
  fast: ReferenceSolver;
  brute: ReferenceSolver;
}

const cache = new Map<string, Promise<ProblemTools>>();

/**
 * A problem package with its references, loaded once per thread: stress runs and custom
 * invocations need the generator, validator and solvers, not just the stored tests.
 */
export function problemTools(slug: string): Promise<ProblemTools> {
  let tools = cache.get(slug);
  if (!tools) {
    tools = Promise.all([loadProblem(slug), loadReference(slug, 'fast'), loadReference(slug, 'brute')]).then(([problem, fast, brute]) => ({
      problem,
      fast,
      brute,
    }));
    tools.catch(() => cache.delete(slug));
    cache.set(slug, tools);
  }
  return tools;
}
