import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareTokens } from '../../server/judge/checker';
import { loadProblem, loadReference, type LoadedProblem } from '../../server/problems/registry';
import { seedFor } from '../../server/problems/seed';
import { buildTestSet, generateInput } from '../../server/problems/testset';
import type { ReferenceSolver } from '../../server/problems/types';

/**
 * The checks every problem package must pass, in the manner of Kattis problemtools' verifyproblem:
 * samples produced by the reference, a valid stored test set of 20 to 60 tests, a validator that
 * rejects malformed inputs, and a fast reference that agrees with the brute force everywhere the
 * brute force can go.
 */
export function describeProblem(slug: string, agreementRuns = 2000): void {
  describe(`problem ${slug}`, () => {
    let problem: LoadedProblem;
    let fast: ReferenceSolver;
    let brute: ReferenceSolver;

    beforeAll(async () => {
      problem = await loadProblem(slug);
      fast = await loadReference(slug, 'fast');
      brute = await loadReference(slug, 'brute');
    });

    it('has statements in both languages, samples, known-wrong and too-slow solutions', () => {
      expect(problem.statement.en).toMatch(/\S/);
      expect(problem.statement.zh).toMatch(/\S/);
      expect(problem.samples.length).toBeGreaterThan(0);
      expect(problem.wrong.length).toBeGreaterThanOrEqual(2);
      expect(problem.slow.length).toBeGreaterThanOrEqual(1);
    });

    it('samples are valid and produced by the fast reference', () => {
      for (const [i, sample] of problem.samples.entries()) {
        expect(problem.pkg.validate(sample.input), `sample ${i + 1}`).toEqual({ ok: true });
        const check = compareTokens(sample.output, fast.solve(sample.input));
        expect(check.ok, `sample ${i + 1}: ${check.message}`).toBe(true);
      }
    });

    it('stores 20 to 60 valid tests', () => {
      const tests = buildTestSet(problem, fast);
      expect(tests.length).toBeGreaterThanOrEqual(20);
      expect(tests.length).toBeLessThanOrEqual(60);
      for (const t of tests) expect(problem.pkg.validate(t.input), t.label).toEqual({ ok: true });
    });

    it('generates the same input for the same seed, and valid inputs at every size', () => {
      for (const size of ['tiny', 'small', 'medium', 'max'] as const) {
        for (let i = 0; i < 5; i++) {
          const seed = seedFor(slug, 'determinism', size, i);
          const a = generateInput(problem, size, seed);
          expect(generateInput(problem, size, seed)).toBe(a);
          expect(problem.pkg.validate(a), `${size} #${i}`).toEqual({ ok: true });
        }
      }
    });

    it('rejects malformed inputs with a line number', () => {
      expect(problem.pkg.invalidInputs.length).toBeGreaterThanOrEqual(5);
      for (const { input, why } of problem.pkg.invalidInputs) {
        const v = problem.pkg.validate(input);
        expect(v.ok, `should reject: ${why}`).toBe(false);
        if (!v.ok) expect(v.line).toBeGreaterThanOrEqual(1);
      }
    });

    it(`fast agrees with brute on ${agreementRuns} random inputs`, () => {
      const { pkg } = problem;
      expect(pkg.bruteSizes.length).toBeGreaterThan(0);
      const arb = fc.oneof(...pkg.bruteSizes.map((s) => pkg.arbitrary(s)));
      fc.assert(
        fc.property(arb, (value) => {
          const input = pkg.format(value);
          const check = compareTokens(brute.solve(input), fast.solve(input));
          if (!check.ok) throw new Error(`fast and brute disagree (${check.message}) on:\n${input}`);
        }),
        { seed: seedFor(slug, 'agreement'), numRuns: agreementRuns },
      );
    });
  });
}
