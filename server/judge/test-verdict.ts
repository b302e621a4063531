import type { RunResult } from '../sandbox/types';
import type { Said } from '../text/messages';
import { compareTokens } from './checker';
import { statusVerdict, type Verdict } from './verdicts';

/**
 * The verdict of one test: the sandbox's account of the run first, then the checker. Every failure
 * of the run outranks WA in the verdict table, so the checker is asked only about a clean run.
 */
export function decideTestVerdict(run: RunResult, expected: string): { verdict: Verdict; checkerMessage: string | null; checkerSaid: Said | null } {
  if (run.status !== 'ok') return { verdict: statusVerdict(run.status), checkerMessage: null, checkerSaid: null };
  const check = compareTokens(expected, run.stdout);
  return { verdict: check.ok ? 'AC' : 'WA', checkerMessage: check.message, checkerSaid: check.said ?? null };
}
