import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { judgeSolution, knownSolutions, type SolutionRow } from '../../server/judge/solution-table';
import { MIN_FAILING_TESTS, MIN_SLOW_MARGIN } from '../../server/package-format/verify';
import { listSlugs, loadProblem, loadReference } from '../../server/problems/registry';
import { buildTestSet } from '../../server/problems/testset';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { inShard } from '../helpers/shard';

let compiler: Compiler;
let lanes: Sandbox[];

beforeAll(async () => {
  compiler = createCompiler();
  lanes = await Promise.all([createSandbox(), createSandbox()]);
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(lanes ?? []).map((s) => s.close())]);
});

// One problem only: SOLUTION_PROBLEMS=nim npx vitest run test/judge/solution-table.test.ts
const only = process.env.SOLUTION_PROBLEMS?.split(',').filter(Boolean);
// CI runs the table in shards, SOLUTION_SHARD=k/n: the k-th of every n problems in name order.
const slugs = inShard(
  listSlugs().filter((s) => !only?.length || only.includes(s)),
  'SOLUTION_SHARD',
);

// The solution table through the real judge (compiler, sandbox, checker) on every stored
// test: the reference submitted as a user program is AC; every wrong/ solution is WA, passes the
// samples and fails at least three tests (one failing test is a kill by accident); every slow/
// solution is TLE and, rerun on the largest test with the limit raised to 3x, is still cut off
// there, so it needs more than 3x the limit (a busy machine only makes it slower).
describe.each(slugs)('known solutions of %s', (slug) => {
  it('get the verdicts they must get, by a wide margin', async () => {
    const problem = await loadProblem(slug);
    const tests = buildTestSet(problem, await loadReference(slug, 'fast')).map((t, i) => ({ index: i + 1, input: t.input, expected: t.expected }));
    const solutions = knownSolutions(problem);
    const rows = new Array<SolutionRow>(solutions.length);
    let next = 0;
    await Promise.all(
      lanes.map(async (sandbox) => {
        while (next < solutions.length) {
          const i = next++;
          rows[i] = await judgeSolution(problem, solutions[i]!, tests, { compiler, sandbox }, { raisedLimit: MIN_SLOW_MARGIN, stopAfterFailures: MIN_FAILING_TESTS });
        }
      }),
    );
    for (const row of rows) {
      expect(`${row.solution}: ${row.got}${row.failedTest ? ` on test ${row.failedTest}` : ''}`).toBe(
        `${row.solution}: ${row.expected}${row.got === row.expected && row.failedTest ? ` on test ${row.failedTest}` : ''}`,
      );
      if (row.expected === 'AC') expect(row.tests, row.solution).toBe('.'.repeat(tests.length));
      if (row.expected === 'WA') {
        // A wrong solution must pass the samples: its first failure comes after them.
        expect(row.failedTest!, row.solution).toBeGreaterThan(problem.samples.length);
        expect(row.failures, `${row.solution} ${row.tests}`).toBeGreaterThanOrEqual(MIN_FAILING_TESTS);
      }
      if (row.expected === 'TLE') {
        expect(row.margin, row.solution).not.toBeNull();
        expect(row.margin!.cut, `${row.solution} finished test ${row.margin!.test} in ${row.margin!.timeMs} ms with ${MIN_SLOW_MARGIN}x the limit`).toBe(true);
        expect(row.margin!.timeMs).toBeGreaterThanOrEqual(MIN_SLOW_MARGIN * problem.pkg.limits.timeMs);
      }
    }
  }, 400_000);
});
