import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { loadProblem, loadReference, referenceAsSubmission, type LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver } from '../../server/problems/types';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { runStress } from '../../server/stress/stress-run';

/** A stress run has a CPU budget: spent, it stops as "passed so far" with a note, never as a failure. */
let compiler: Compiler;
let sandboxes: Sandbox[];
let nim: LoadedProblem;
let fast: ReferenceSolver;
let brute: ReferenceSolver;

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = await Promise.all([createSandbox(), createSandbox()]);
  nim = await loadProblem('nim');
  fast = await loadReference('nim', 'fast');
  brute = await loadReference('nim', 'brute');
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

/** The nim reference, made slow: about 50 ms of CPU per case, far inside the 1 s time limit. */
const slowButCorrect = (): string => `${referenceAsSubmission('nim', 'fast')}\nconst spinUntil = performance.now() + 50;\nwhile (performance.now() < spinUntil);\n`;

describe('the stress CPU budget', () => {
  it('stops a slow but correct program once the budget is spent, as passed with "budget exhausted after N cases"', async () => {
    const outcome = await runStress({ source: slowButCorrect(), cases: 1000, size: 'small', seed: 99, budgetMs: 2000 }, { compiler, sandboxes, problem: nim, fast, brute });
    expect(outcome.result).toBe('passed');
    expect(outcome.counterexample).toBeNull();
    expect(outcome.error).toBeNull();
    // 1000 cases of 50 ms are 50 s of CPU: a 2 s budget ends the run long before.
    expect(outcome.casesRun).toBeGreaterThan(0);
    expect(outcome.casesRun).toBeLessThan(1000);
    expect(outcome.note).toBe(`budget exhausted after ${outcome.casesRun} cases`);
  });

  it('lets a run that fits its budget run every case, with no note', async () => {
    const outcome = await runStress({ source: referenceAsSubmission('nim', 'fast'), cases: 200, size: 'small', seed: 5 }, { compiler, sandboxes, problem: nim, fast, brute });
    expect(outcome).toMatchObject({ result: 'passed', casesRun: 200, note: null });
  });

  it('still reports a wrong program as failed when it fails before the budget is spent', async () => {
    const wrong = nim.wrong.find((w) => w.name === 'sum-parity.ts')!.source;
    const outcome = await runStress({ source: wrong, cases: 1000, size: 'small', seed: 12345, budgetMs: 60_000 }, { compiler, sandboxes, problem: nim, fast, brute });
    expect(outcome.result).toBe('failed');
    expect(outcome.note).toBeNull();
  });
});
