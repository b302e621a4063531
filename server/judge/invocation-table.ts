import type { Compiler } from '../compile/types';
import { loadInteractor, playerSource } from '../problems/interactive';
import { referenceAsSubmission, type LoadedProblem } from '../problems/registry';
import type { Interactor } from '../problems/types';
import type { Sandbox } from '../sandbox/types';
import { grade, type GradeTest } from './grader';
import type { Verdict } from './verdicts';

export interface KnownSolution {
  /** "fast (reference)", "wrong/sum-parity.ts", "slow/pairwise.ts". */
  name: string;
  source: string;
  /** What the judge must say: the reference passes, wrong/ gets WA, slow/ gets TLE. */
  expected: Verdict;
}

export interface InvocationRow {
  problem: string;
  solution: string;
  expected: Verdict;
  got: Verdict;
  failedTest: number | null;
  /** One character per test in order: '.' passed, the verdict's first letter otherwise, '-' not run. */
  tests: string;
  maxTimeMs: number;
  ok: boolean;
}

/** The solutions a package ships, each with the verdict it must get (Polygon's invocation table). */
export function knownSolutions(problem: LoadedProblem): KnownSolution[] {
  return [
    problem.pkg.interactive
      ? { name: 'fast player (reference)', source: playerSource(problem.pkg.slug), expected: 'AC' }
      : { name: 'fast (reference)', source: referenceAsSubmission(problem.pkg.slug, 'fast'), expected: 'AC' },
    ...problem.wrong.map((w) => ({ name: `wrong/${w.name}`, source: w.source, expected: 'WA' as const })),
    ...problem.slow.map((s) => ({ name: `slow/${s.name}`, source: s.source, expected: 'TLE' as const })),
  ];
}

const MARK: Record<Verdict, string> = { AC: '.', WA: 'W', TLE: 'T', MLE: 'M', RE: 'R', CE: 'C', OLE: 'O', IE: 'I' };

/** Judges one known solution through the real pipeline (compiler, sandbox, checker). */
export async function invoke(
  problem: LoadedProblem,
  solution: KnownSolution,
  tests: GradeTest[],
  deps: { compiler: Compiler; sandbox: Sandbox },
  interactor?: Interactor,
): Promise<InvocationRow> {
  interactor ??= problem.pkg.interactive ? await loadInteractor(problem.pkg.slug) : undefined;
  const outcome = await grade({ source: solution.source, tests, limits: problem.pkg.limits, interactor }, deps);
  const marks = outcome.tests.map((t) => MARK[t.verdict]).join('');
  return {
    problem: problem.pkg.slug,
    solution: solution.name,
    expected: solution.expected,
    got: outcome.verdict,
    failedTest: outcome.failedTest,
    tests: marks.padEnd(tests.length, '-'),
    maxTimeMs: outcome.timeMs,
    ok: outcome.verdict === solution.expected,
  };
}
