import type { Size } from '../../server/problems/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { listSlugs, loadProblem, loadReference } from '../../server/problems/registry';
import { seedFor } from '../../server/problems/seed';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { runStress } from '../../server/stress/stress-run';
import { inShard } from '../helpers/shard';
import { casesOfFirstInputs } from './batch-cases';
import { expectLocallyMinimal, expectMinimalAgainstTextSteps } from './minimality';

let compiler: Compiler;
let sandboxes: Sandbox[];

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = await Promise.all([createSandbox(), createSandbox()]);
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

// The promise of the stress feature, checked for every known-wrong solution of every problem:
// found within the cases of 1,000 random `small` inputs (sent many a run where the problem's input
// is T cases: the same cases a one-case-a-run search meets, fewer runs) and shrunk to a failing input minimal against the
// generator's shrink steps and against every textual step (remove a case, an element, a character;
// lower a number to its least allowed value, to half, by one).
// CI runs it in shards, STRESS_SHARD=k/n: the k-th of every n problems in name order.
const slugs = inShard(listSlugs(), 'STRESS_SHARD');

describe.each(slugs)('stress run on %s', (slug) => {
  it('catches every known-wrong solution at size small and shrinks the case to a local minimum', async () => {
    const problem = await loadProblem(slug);
    const refs = { fast: await loadReference(slug, 'fast'), brute: await loadReference(slug, 'brute') };
    for (const wrong of problem.wrong) {
      // A mistake only specially built values reveal (a sum decided by bit 29 alone), or only inputs
      // of the largest size, whose shrinking takes minutes a case, is the stored tests' job, and its
      // file says so: test/judge/solution-table.test.ts checks those kill it.
      if (/^\/\/ stress: (random inputs almost never reveal|only size max reveals)/m.test(wrong.source)) continue;
      // At size small first; a mistake that only large values reveal (a number truncated to 13 or
      // 16 bits) is looked for at the next sizes, where random values reach it. Its file says so,
      // which spares the thousand small cases it passes (some such solutions table a game per run).
      let outcome!: Awaited<ReturnType<typeof runStress>>;
      let size: Size = 'small';
      const sizes: Size[] = /^\/\/ stress: size medium first reveals/m.test(wrong.source) ? ['medium', 'max'] : ['small', 'medium', 'max'];
      let cases = 1000;
      for (size of sizes) {
        cases = casesOfFirstInputs(problem, size, seedFor(slug, wrong.name) >>> 1, 1000);
        outcome = await runStress(
          { source: wrong.source, cases, size, seed: seedFor(slug, wrong.name) >>> 1 },
          // Minimality is the promise of a pass that runs to its end: a busy machine gets the time it needs.
          { compiler, sandboxes, problem, ...refs, shrinkBudgetMs: 300_000 },
        );
        if (outcome.result !== 'passed') break;
      }
      expect(outcome.result, `${wrong.name}: ${outcome.error ?? ''}`).toBe('failed');
      const c = outcome.counterexample!;
      expect(c.caseIndex, wrong.name).toBeLessThan(cases);
      // Caught for being wrong, not for crashing; a run that a very busy machine slows past the time
      // limit is TLE, which is right too.
      expect(['WA', 'TLE'], `${wrong.name}: ${c.verdict} ${c.message}`).toContain(c.verdict);
      if (c.verdict === 'WA') expect(c.got.trim(), wrong.name).not.toBe(c.expected.trim());
      expect(problem.pkg.validate(c.input), wrong.name).toEqual({ ok: true });
      expect(c.expected, wrong.name).toBe(refs.fast.solve(c.input));
      await expectLocallyMinimal(outcome, problem, size, refs, sandboxes[0]!);
      await expectMinimalAgainstTextSteps(outcome, problem, refs.fast, sandboxes[0]!);
    }
    // Several solutions, each up to 1,000 cases and a shrink: minutes on a busy machine.
  }, 600_000);
});
