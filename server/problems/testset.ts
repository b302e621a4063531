import * as fc from 'fast-check';
import type { LoadedProblem } from './registry';
import { seedFor } from './seed';
import type { ReferenceSolver, Size } from './types';

export type TestKind = 'sample' | 'edge' | 'random';

export interface BuiltTest {
  kind: TestKind;
  /** e.g. "sample 1", "edge 3", "random small 2". */
  label: string;
  input: string;
  expected: string;
}

/** One deterministic input of a size: the same (slug, size, index) always gives the same text. */
export function generateInput(problem: LoadedProblem, size: Size, seed: number): string {
  const [value] = fc.sample(problem.pkg.arbitrary(size), { seed, numRuns: 1 });
  return problem.pkg.format(value);
}

/**
 * The stored test set of a problem: samples, hand-made edge cases, then random tests per size, with
 * expected outputs from the fast reference. Every input must pass the package's validator: a
 * generator or edge case that breaks the constraints is a bug in the package, reported here.
 */
export function buildTestSet(problem: LoadedProblem, fast: ReferenceSolver): BuiltTest[] {
  const samples = JSON.stringify(problem.samples.map((s) => s.input));
  if (!(last && last.pkg === problem.pkg && last.solve === fast.solve && last.samples === samples)) {
    last = { pkg: problem.pkg, solve: fast.solve, samples, tests: build(problem, fast) };
  }
  return last.tests.map((t) => ({ ...t }));
}

/**
 * The last set built, for the next call with the same package, reference and samples: a set costs
 * up to a second of reference runs, and one process often asks for the same one twice in a row (an
 * export, then a check of what it wrote; a problem's suite, test after test). The build is
 * deterministic, so a copy of it is the set a second build would give.
 */
let last: { pkg: unknown; solve: unknown; samples: string; tests: BuiltTest[] } | null = null;

function build(problem: LoadedProblem, fast: ReferenceSolver): BuiltTest[] {
  const { pkg } = problem;
  const inputs: { kind: TestKind; label: string; input: string }[] = [];
  problem.samples.forEach((s, i) => inputs.push({ kind: 'sample', label: `sample ${i + 1}`, input: s.input }));
  pkg.edgeCases().forEach((value, i) => inputs.push({ kind: 'edge', label: `edge ${i + 1}`, input: pkg.format(value) }));
  for (const { size, count } of pkg.generated) {
    for (let i = 0; i < count; i++) {
      inputs.push({
        kind: 'random',
        label: `random ${size} ${i + 1}`,
        input: generateInput(problem, size, seedFor(pkg.slug, 'test', size, i)),
      });
    }
  }
  return inputs.map((t) => {
    const verdict = pkg.validate(t.input);
    if (!verdict.ok) {
      throw new Error(`${pkg.slug}: ${t.label} is invalid (line ${verdict.line}: ${verdict.message})`);
    }
    return { ...t, expected: fast.solve(t.input) };
  });
}
