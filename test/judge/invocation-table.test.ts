import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { invoke, knownSolutions } from '../../server/judge/invocation-table';
import { listSlugs, loadProblem, loadReference } from '../../server/problems/registry';
import { buildTestSet } from '../../server/problems/testset';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';

let compiler: Compiler;
let lanes: Sandbox[];

beforeAll(async () => {
  compiler = createCompiler();
  lanes = await Promise.all([createSandbox(), createSandbox()]);
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(lanes ?? []).map((s) => s.close())]);
});

// Polygon's invocation table through the real judge (compiler, sandbox, checker) on the stored
// tests: the reference submitted as a user program is AC, every wrong/ solution WA, every slow/ TLE.
describe.each(listSlugs())('known solutions of %s', (slug) => {
  it('get the verdicts they must get', async () => {
    const problem = await loadProblem(slug);
    const tests = buildTestSet(problem, await loadReference(slug, 'fast')).map((t, i) => ({ index: i + 1, input: t.input, expected: t.expected }));
    const solutions = knownSolutions(problem);
    const rows = new Array<Awaited<ReturnType<typeof invoke>>>(solutions.length);
    let next = 0;
    await Promise.all(
      lanes.map(async (sandbox) => {
        while (next < solutions.length) {
          const i = next++;
          rows[i] = await invoke(problem, solutions[i]!, tests, { compiler, sandbox });
        }
      }),
    );
    for (const row of rows) {
      expect(`${row.solution}: ${row.got}${row.failedTest ? ` on test ${row.failedTest}` : ''}`).toBe(
        `${row.solution}: ${row.expected}${row.got === row.expected && row.failedTest ? ` on test ${row.failedTest}` : ''}`,
      );
      // A wrong solution must pass the samples: its first failure comes after them.
      if (row.expected === 'WA') expect(row.failedTest!, row.solution).toBeGreaterThan(problem.samples.length);
    }
  }, 240_000);
});
