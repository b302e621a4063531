import { judgeBatch, judgeOne } from '../judge/judge-one';
import type { OutputCheck } from '../judge/output-check';
import type { Verdict } from '../judge/verdicts';
import type { Interactor } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';
import type { Said } from '../text/messages';

export interface JudgedCase {
  run: RunResult;
  verdict: Verdict;
  /** The checker's or the interactor's explanation, else the run's. */
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), when it is one. */
  said?: Said | null;
  /** Interactive problems: the game's dialogue. */
  dialogue?: string;
}

/**
 * Runs stress cases in one sandbox and judges them: ordinary problems in one batch, compared with
 * the expected output (by a stored problem's own check when it has one); interactive ones as one
 * game each against the interactor (the oracle).
 */
export async function judgeCases(
  sandbox: Sandbox,
  cases: readonly { input: string; expected: string }[],
  interactor?: Interactor,
  timeMs = 0,
  check?: OutputCheck,
): Promise<JudgedCase[]> {
  if (cases.length === 0) return [];
  if (interactor || check) {
    const out: JudgedCase[] = [];
    for (const c of cases) out.push(await judgeOne(sandbox, c.input, c.expected, { timeMs }, interactor, check));
    return out;
  }
  return judgeBatch(sandbox, cases);
}
