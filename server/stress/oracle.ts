import { compareTokens } from '../judge/checker';
import type { ReferenceSolver } from '../problems/types';

export type OracleAnswer =
  | { ok: true; expected: string }
  | { ok: false; problem: 'reference-failed' | 'reference-disagreement'; message: string };

/**
 * The expected output of an input: the fast reference, cross-checked against the brute force when
 * one is given. A disagreement is a bug in the references and is reported as such, never as the
 * student's wrong answer.
 */
export function referenceAnswer(input: string, fast: ReferenceSolver, brute: ReferenceSolver | null): OracleAnswer {
  let expected: string;
  try {
    expected = fast.solve(input);
  } catch (e) {
    return { ok: false, problem: 'reference-failed', message: `the fast reference failed: ${String(e)}` };
  }
  if (brute) {
    let truth: string;
    try {
      truth = brute.solve(input);
    } catch (e) {
      return { ok: false, problem: 'reference-failed', message: `the brute-force reference failed: ${String(e)}` };
    }
    const check = compareTokens(truth, expected);
    if (!check.ok) {
      return {
        ok: false,
        problem: 'reference-disagreement',
        message: `the fast reference disagrees with the brute force (${check.message}): a bug in the judge's references, not in your solution`,
      };
    }
  }
  return { ok: true, expected };
}
