import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareTokens } from '../../server/judge/checker';
import { genericInvalidInputs } from '../../server/problems/kit';
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

    it('rejects malformed inputs with a line number inside the input', () => {
      // The package lists the violations particular to its game; the generic format ones (empty
      // input, CRLF, a doubled space, a leading zero...) are made from every sample.
      expect(problem.pkg.invalidInputs.length).toBeGreaterThanOrEqual(5);
      const generic = problem.samples.flatMap((s, i) => genericInvalidInputs(s.input).map((g) => ({ ...g, why: `sample ${i + 1} with ${g.why}` })));
      expect(generic.length).toBeGreaterThanOrEqual(6 * problem.samples.length);
      for (const { input, why } of [...problem.pkg.invalidInputs, ...generic]) {
        const v = problem.pkg.validate(input);
        expect(v.ok, `should reject: ${why}`).toBe(false);
        if (v.ok) continue;
        // A missing last line is reported on the line after the input's last one.
        const lines = input.split('\n').length;
        expect(v.line, `${why}: line ${v.line} of an input of ${lines} lines`).toBeGreaterThanOrEqual(1);
        expect(v.line, `${why}: line ${v.line} of an input of ${lines} lines`).toBeLessThanOrEqual(lines);
        expect(v.message, why).toMatch(/\S/);
      }
    });

    it('names the very line that was broken', () => {
      // Valid inputs broken on one known line (a trailing space, a CR before the line break): the
      // validator must reject each one at exactly that line.
      const valid = [...problem.samples.map((s) => s.input), ...buildTestSet(problem, fast).slice(0, 3).map((t) => t.input)];
      let checked = 0;
      for (const [n, input] of valid.entries()) {
        const lines = input.split('\n').slice(0, -1);
        for (const k of [...new Set([0, 1, Math.floor(lines.length / 2), lines.length - 1])].filter((i) => i >= 0 && i < lines.length)) {
          for (const [what, broken] of [
            ['a trailing space', `${lines[k]} `],
            ['a carriage return', `${lines[k]}\r`],
          ] as const) {
            const text = [...lines.slice(0, k), broken, ...lines.slice(k + 1)].join('\n') + '\n';
            const v = problem.pkg.validate(text);
            expect(v.ok ? 'accepted' : `rejected at line ${v.line}: ${v.message}`, `input ${n + 1} with ${what} on line ${k + 1}`).toBe(
              v.ok ? `rejected at line ${k + 1}` : `rejected at line ${k + 1}: ${v.message}`,
            );
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
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
