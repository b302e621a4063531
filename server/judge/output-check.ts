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
  /** The validator's judgemessage.txt (the teacher's, never the student's): submissions.yaml's `message` is looked for in it. */
  judgeMessage?: string;
  /**
   * Multi-pass problems: the output validator accepted this pass and wrote `nextpass.in`, so the
   * submission is run again on `input`; `feedback` is its feedback directory, kept for that pass.
   */
  nextPass?: { input: string; feedback: Record<string, string> };
}

/** What the check is asked about: the pass's input (the test's own on the first pass) and the answer. */
export interface CheckedTest {
  input: string;
  expected: string;
  /** Multi-pass, from the second pass on: the feedback directory the previous pass left. */
  feedback?: Record<string, string>;
}

export type OutputCheck = ((test: CheckedTest, output: string) => Promise<OutputCheckResult>) & {
  /** Multi-pass problems: at most this many runs of the submission per test (limits.validation_passes). */
  passes?: number;
};
