import type { Compiler } from '../compile/types';
import { loadInteractor, playerSource } from '../problems/interactive';
import { referenceAsSubmission, type LoadedProblem } from '../problems/registry';
import type { Interactor } from '../problems/types';
import type { Sandbox } from '../sandbox/types';
import type { GradeTest } from './grader';
import { compileAndLoad, judgeOne, loadProgram } from './judge-one';
import type { Verdict } from './verdicts';

export interface KnownSolution {
  /** "fast (reference)", "wrong/sum-parity.ts", "slow/pairwise.ts". */
  name: string;
  source: string;
  /** What the judge must say: the reference passes, wrong/ gets WA, slow/ gets TLE. */
  expected: Verdict;
}

/** How far over the limit a slow solution is: its CPU time on the largest test, run with a raised limit. */
export interface SlowMargin {
  /** The test it was measured on (1-based). */
  test: number;
  /** The raised limit the measuring run had, as a multiple of the problem's limit. */
  raisedTo: number;
  /** CPU time of the measuring run, milliseconds (the raised limit when `cut`). */
  timeMs: number;
  /** Time over the problem's limit; a lower bound when `cut`. */
  factor: number;
  /** True when the measuring run was stopped at the raised limit (the real factor is larger). */
  cut: boolean;
}

export interface SolutionRow {
  problem: string;
  solution: string;
  expected: Verdict;
  /** The verdict the judge gives: the first failing test's, or AC. */
  got: Verdict;
  failedTest: number | null;
  /** One character per test in order: '.' passed, the verdict's first letter otherwise, '-' not run. */
  tests: string;
  /** How many tests the solution fails; every test is run, not only up to the first failure. */
  failures: number;
  maxTimeMs: number;
  /** For slow/ solutions only, when a margin run was asked for. */
  margin: SlowMargin | null;
  ok: boolean;
}

export interface SolutionOptions {
  /**
   * Measure a slow/ solution's margin: rerun the largest test with the time limit raised to this
   * multiple of the problem's limit. Omit to skip the measuring run.
   */
  raisedLimit?: number;
  /** Interactive problems: the interactor each test is played against (loaded when omitted). */
  interactor?: Interactor;
  /** Stop once this many tests have failed (a test that needs only "at least N" saves the rest). */
  stopAfterFailures?: number;
}

/** The solutions a package ships, each with the verdict it must get (the solution table; Polygon calls it the invocation table). */
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

/**
 * Judges one known solution through the real compiler, sandbox and checker, on every test: unlike
 * the judge, which stops at the first failure, the table wants to know how many tests catch a wrong
 * solution (a mistake caught by one test only is caught by accident).
 */
export async function judgeSolution(
  problem: LoadedProblem,
  solution: KnownSolution,
  tests: GradeTest[],
  deps: { compiler: Compiler; sandbox: Sandbox },
  options: SolutionOptions = {},
): Promise<SolutionRow> {
  const interactor = options.interactor ?? (problem.pkg.interactive ? await loadInteractor(problem.pkg.slug) : undefined);
  const row: SolutionRow = {
    problem: problem.pkg.slug,
    solution: solution.name,
    expected: solution.expected,
    got: 'AC',
    failedTest: null,
    tests: '',
    failures: 0,
    maxTimeMs: 0,
    margin: null,
    ok: false,
  };
  // A package check: the package's limits are the ones its stored header will carry.
  const limits = problem.pkg.limits;
  const prepared = await compileAndLoad(deps, solution.source, undefined, limits);
  if (!prepared.ok) return { ...row, got: prepared.verdict, tests: '-'.repeat(tests.length), ok: prepared.verdict === 'CE' && solution.expected === 'CE' };
  const { program } = prepared;

  for (const test of tests) {
    const { run, verdict } = await judgeOne(deps.sandbox, test.input, test.expected, limits, interactor);
    row.tests += MARK[verdict];
    row.maxTimeMs = Math.max(row.maxTimeMs, run.timeMs);
    if (verdict === 'AC') continue;
    row.failures++;
    if (row.failedTest === null) {
      row.got = verdict;
      row.failedTest = test.index;
    }
    // A slow solution's verdict is its first failure's: the margin run below measures how far over
    // the limit it is, so each further test it does not finish would only cost another whole limit.
    if (options.stopAfterFailures !== undefined && row.failures >= (solution.expected === 'TLE' ? 1 : options.stopAfterFailures)) break;
  }
  const ran = row.tests.length;
  row.tests = row.tests.padEnd(tests.length, '-');
  row.ok = row.got === solution.expected;

  if (solution.expected === 'TLE' && options.raisedLimit && tests.length) {
    // The largest test (the longest input), where a slow algorithm's asymptotics bite hardest.
    // Not the test that took longest under the normal limit: those runs are all cut at the limit,
    // and on a busy machine the wall-clock backstop cuts short runs too.
    // Among the tests it did not finish in time, if any: an interactive test's input (N L R) is
    // short whatever the length of the game it starts.
    // Tests left unrun (the table stopped at the first failure) come after those: an unrun test is
    // only a guess at a hard one, most of all an interactive one.
    const bySize = (a: number, b: number) => tests[b]!.input.length - tests[a]!.input.length;
    const timedOut = tests.map((_, i) => i).filter((i) => row.tests[i] === MARK.TLE).sort(bySize);
    const unrun = tests.map((_, i) => i).filter((i) => i >= ran).sort(bySize);
    const pool = timedOut.length + unrun.length > 0 ? [...timedOut, ...unrun] : tests.map((_, i) => i).sort(bySize);
    const raised = problem.pkg.limits.timeMs * options.raisedLimit;
    await loadProgram(deps.sandbox, program, { ...limits, timeMs: raised });
    // The largest few, until one is not finished even then: inputs of one length can differ in
    // how hard they are (a row of short runs against one long alternating run).
    let pick = pool[0]!;
    let timeMs = -1;
    let cut = false;
    for (const i of pool.slice(0, MARGIN_CANDIDATES)) {
      const { run } = await judgeOne(deps.sandbox, tests[i]!.input, tests[i]!.expected, { timeMs: raised }, interactor);
      // A run cut at the raised limit says only "at least that much": report the limit, not the
      // time the sandbox took to notice.
      const t = run.status === 'tle' ? raised : run.timeMs;
      if (t > timeMs) [pick, timeMs, cut] = [i, t, run.status === 'tle'];
      if (cut) break;
    }
    row.margin = { test: tests[pick]!.index, raisedTo: options.raisedLimit, timeMs, factor: timeMs / problem.pkg.limits.timeMs, cut };
  }
  return row;
}

/** "needs 4.2x the limit", "needs over 10.0x the limit". */
export function describeMargin(margin: SlowMargin): string {
  return `needs ${margin.cut ? 'over ' : ''}${margin.factor.toFixed(1)}x the limit`;
}

/** How many of the largest unfinished tests a slow solution's margin may be measured on. */
const MARGIN_CANDIDATES = 3;
