import { compareTokens } from '../judge/checker';
import type { ReferenceSolver } from '../problems/types';

export type OracleAnswer =
  | { ok: true; expected: string }
  | { ok: false; problem: 'reference-failed' | 'reference-disagreement'; message: string };

/**
 * A reference run out of process: a stored problem's accepted solution in its own sandbox
 * (server/problem-store/sandboxed-reference.ts). A rejection is the reference failing (a crash, a
 * time limit): the judge's problem, reported as "reference-failed", never the student's verdict.
 */
export interface AsyncReference {
  solveAsync(input: string): Promise<string>;
}

/** A built-in package's reference (called in this thread) or a sandboxed one. */
export type Reference = ReferenceSolver | AsyncReference;

function isAsync(ref: Reference): ref is AsyncReference {
  return 'solveAsync' in ref;
}

/** One reference's answer, or the sentence saying it failed. */
async function answerOf(ref: Reference, input: string): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  try {
    // Built-ins stay synchronous: no extra task per case on the hot path beyond the await itself.
    return { ok: true, text: isAsync(ref) ? await ref.solveAsync(input) : ref.solve(input) };
  } catch (e) {
    return { ok: false, error: String(e) };
  }
}

/**
 * The expected output of an input: the fast reference, cross-checked against the brute force when
 * one is given. A disagreement is a bug in the references and is reported as such, never as the
 * student's wrong answer.
 */
export async function referenceAnswer(input: string, fast: Reference, brute: Reference | null): Promise<OracleAnswer> {
  const expected = await answerOf(fast, input);
  if (!expected.ok) return { ok: false, problem: 'reference-failed', message: `the fast reference failed: ${expected.error}` };
  if (brute) {
    const truth = await answerOf(brute, input);
    if (!truth.ok) return { ok: false, problem: 'reference-failed', message: `the brute-force reference failed: ${truth.error}` };
    const check = compareTokens(truth.text, expected.text);
    if (!check.ok) {
      return {
        ok: false,
        problem: 'reference-disagreement',
        message: `the fast reference disagrees with the brute force (${check.message}): a bug in the judge's references, not in your solution`,
      };
    }
  }
  return { ok: true, expected: expected.text };
}
