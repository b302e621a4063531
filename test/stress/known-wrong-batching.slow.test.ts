import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { CASE_LAYOUTS } from '../../server/problems/case-layout';
import { listSlugs, loadProblem, loadReference } from '../../server/problems/registry';
import { seedFor } from '../../server/problems/seed';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { runStress } from '../../server/stress/stress-run';
import { inShard, slowSampled } from '../helpers/shard';
import { casesOfFirstInputs } from './batch-cases';

let compiler: Compiler;
let sandboxes: Sandbox[];

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = await Promise.all([createSandbox(), createSandbox()]);
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

// Batching's promise, over the whole known-wrong set of the problems whose input is T cases: the
// batched search (many cases a run) meets the same cases as the one-case-a-run search of 1,000
// small inputs, and its counterexample is no larger. Skipped as in known-wrong.test.ts: the
// solutions random inputs almost never reveal, or only size max does. CI samples the problems
// (SG_SLOW_SAMPLE_EVERY, test/helpers/shard.ts).
const slugs = slowSampled(inShard(listSlugs().filter((s) => CASE_LAYOUTS[s]), 'STRESS_SHARD'));

describe.each(slugs)('batched stress on %s', (slug) => {
  it('finds every known-wrong solution with a counterexample no larger than one case a run', async () => {
    const problem = await loadProblem(slug);
    const refs = { fast: await loadReference(slug, 'fast'), brute: await loadReference(slug, 'brute') };
    for (const wrong of problem.wrong) {
      if (/^\/\/ stress: (random inputs almost never reveal|only size max reveals|size medium first reveals)/m.test(wrong.source)) continue;
      const seed = seedFor(slug, wrong.name) >>> 1;
      const deps = { compiler, sandboxes, problem, ...refs, shrinkBudgetMs: 300_000 };
      const single = await runStress({ source: wrong.source, cases: 1000, size: 'small', seed }, { ...deps, oneCaseARun: true });
      const batched = await runStress({ source: wrong.source, cases: casesOfFirstInputs(problem, 'small', seed, 1000), size: 'small', seed }, deps);
      expect(batched.result, wrong.name).toBe(single.result);
      if (single.result !== 'failed') continue;
      expect(batched.counterexample!.verdict, wrong.name).toBe(single.counterexample!.verdict);
      expect(batched.counterexample!.input.length, `${wrong.name}:\n${batched.counterexample!.input}\nagainst\n${single.counterexample!.input}`).toBeLessThanOrEqual(single.counterexample!.input.length);
    }
  }, 600_000);
});
