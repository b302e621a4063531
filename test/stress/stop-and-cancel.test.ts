import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { loadProblem, loadReference, referenceAsSubmission, type LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver } from '../../server/problems/types';
import { createSandbox } from '../../server/sandbox';
import type { RunResult, Sandbox } from '../../server/sandbox/types';
import { runStress } from '../../server/stress/stress-run';
import { expectMinimalAgainstTextSteps } from './minimality';

let compiler: Compiler;
let sandboxes: Sandbox[];
let nim: LoadedProblem;
let fast: ReferenceSolver;
let brute: ReferenceSolver;
/** Inputs the real sandboxes were asked to run, counted on the way through. */
let runsAsked = 0;

function counting(s: Sandbox): Sandbox {
  return {
    load: (js, limits) => s.load(js, limits),
    run: (input) => {
      runsAsked++;
      return s.run(input);
    },
    runBatch: (inputs): Promise<RunResult[]> => {
      runsAsked += inputs.length;
      return s.runBatch(inputs);
    },
    release: () => s.release(),
    close: () => s.close(),
  };
}

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = (await Promise.all([createSandbox(), createSandbox()])).map(counting);
  nim = await loadProblem('nim');
  fast = await loadReference('nim', 'fast');
  brute = await loadReference('nim', 'brute');
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

describe('a stress run stops at its first failing case, whatever the verdict', () => {
  it('reports a program that loops forever as TLE on case 1 after running only the first case of each lane', async () => {
    runsAsked = 0;
    // Counted up to the first shrink round: shrinking a time-limit failure runs smaller cases after.
    let runsBeforeShrinking: number | null = null;
    // The one-case-a-run search (problems without a case layout); batched runs: batching.test.ts.
    const outcome = await runStress({ source: 'while (true) {}', cases: 1000, size: 'small', seed: 3 }, { compiler, sandboxes, problem: nim, fast, brute, oneCaseARun: true }, (e) => {
      if (e.type === 'shrinking') runsBeforeShrinking ??= runsAsked;
    });
    expect(outcome.result).toBe('failed');
    expect(outcome.counterexample!.verdict).toBe('TLE');
    expect(outcome.counterexample!.caseIndex).toBe(0);
    expect(outcome.casesRun).toBe(1);
    // One case per lane, not a batch of 64 looping cases read only when all of them end.
    expect(runsBeforeShrinking ?? runsAsked).toBeLessThanOrEqual(sandboxes.length);
  });

  it('shrinks a program that loops on every input by trying the smallest input first', async () => {
    runsAsked = 0;
    let runsBeforeShrinking: number | null = null;
    const outcome = await runStress({ source: 'while (true) {}', cases: 1000, size: 'medium', seed: 5 }, { compiler, sandboxes, problem: nim, fast, brute }, (e) => {
      if (e.type === 'shrinking') runsBeforeShrinking ??= runsAsked;
    });
    expect(outcome.counterexample!.verdict).toBe('TLE');
    // The smallest input the generator reaches, shown to the student; each run here costs a whole
    // time limit, so the count of shrinking runs, not the clock, is what is checked.
    expect(outcome.counterexample!.input).toBe('1\n1\n0\n');
    // The smallest input at once (one run), then its own shrink candidates; step by step took 4.
    expect(runsAsked - (runsBeforeShrinking ?? runsAsked)).toBeLessThanOrEqual(2);
  });

  it('stops at a runtime error that happens only on some inputs, before running the rest', async () => {
    runsAsked = 0;
    const source = `const t = require('fs').readFileSync(0, 'utf8').split(/\\s+/).map(Number); if (t.slice(1).some((x) => x === 3)) throw new Error('three'); ${'\n'}${referenceAsSubmission('nim', 'fast')}`;
    // The one-case-a-run search: batched, the first case alone (one game of input 0, without a 3)
    // already fails, WA, as the program reads its input twice (the second read is empty).
    const outcome = await runStress({ source, cases: 5000, size: 'small', seed: 8 }, { compiler, sandboxes, problem: nim, fast, brute, shrinkBudgetMs: 300_000, oneCaseARun: true });
    expect(outcome.result).toBe('failed');
    expect(outcome.counterexample!.verdict).toBe('RE');
    expect(outcome.casesRun).toBe(outcome.counterexample!.caseIndex + 1);
    expect(outcome.casesRun).toBeLessThan(5000);
    await expectMinimalAgainstTextSteps(outcome, nim, fast, sandboxes[0]!);
  });
});

describe('cancelling a stress run', () => {
  it('ends it with result "cancelled" and the cases run so far', async () => {
    let progressEvents = 0;
    const outcome = await runStress(
      { source: referenceAsSubmission('nim', 'fast'), cases: 100_000, size: 'small', seed: 5 },
      { compiler, sandboxes, problem: nim, fast, brute, cancelled: () => progressEvents >= 3 },
      (e) => {
        if (e.type === 'progress') progressEvents++;
      },
    );
    expect(outcome.result).toBe('cancelled');
    expect(outcome.casesRun).toBeGreaterThan(0);
    expect(outcome.casesRun).toBeLessThan(100_000);
    expect(outcome.counterexample).toBeNull();
  });

  it('ends a looping run at the batch in progress', async () => {
    runsAsked = 0;
    const outcome = await runStress(
      { source: 'const n = require("fs").readFileSync(0, "utf8").length; if (n > 0) while (true) {}', cases: 1000, size: 'small', seed: 1 },
      { compiler, sandboxes, problem: nim, fast, brute, cancelled: () => true },
    );
    expect(outcome.result).toBe('cancelled');
    expect(outcome.casesRun).toBe(0);
    expect(runsAsked).toBe(0);
  });
});

describe('the smallest failing input', () => {
  it('on nim with a wrong solution is minimal against every textual step for 8 seeds', async () => {
    const wrong = nim.wrong.find((w) => w.name === 'sum-parity.ts')!.source;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const outcome = await runStress({ source: wrong, cases: 1000, size: 'small', seed }, { compiler, sandboxes, problem: nim, fast, brute, shrinkBudgetMs: 300_000 });
      expect(outcome.result).toBe('failed');
      const tried = await expectMinimalAgainstTextSteps(outcome, nim, fast, sandboxes[0]!);
      expect(tried).toBeGreaterThan(0);
    }
  }, 600_000);
});
