import type { Said } from '../text/messages';

/**
 * A problem's own output check, in place of the token checker: asked only about a run that ended
 * cleanly. IE means the check itself failed (an output validator that crashed or ran out of time):
 * the judge's fault, never the submission's verdict.
 */
export interface OutputCheckResult {
  verdict: 'AC' | 'WA' | 'IE';
  message: string;
  /** The message as an id and arguments (server/text/messages.ts), when it is one. */
  said?: Said;
  /** For the problem's teacher alone (a package validator's judgemessage.txt, which may name the answer). */
  judgeMessage?: string;
}

export type OutputCheck = (test: { input: string; expected: string }, output: string) => Promise<OutputCheckResult>;
