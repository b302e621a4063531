import { playGame } from '../judge/interactor';
import { decideTestVerdict } from '../judge/test-verdict';
import type { Verdict } from '../judge/verdicts';
import type { Interactor } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';

export interface JudgedCase {
  run: RunResult;
  verdict: Verdict;
  /** The checker's or the interactor's explanation, else the run's. */
  message: string | null;
  /** Interactive problems: the game's dialogue. */
  dialogue?: string;
}

/**
 * Runs stress cases in one sandbox and judges them: ordinary problems in one batch, compared with
 * the expected output; interactive ones as one game each against the interactor (the oracle).
 */
export async function judgeCases(sandbox: Sandbox, cases: readonly { input: string; expected: string }[], interactor?: Interactor, timeMs = 0): Promise<JudgedCase[]> {
  if (cases.length === 0) return [];
  if (interactor) {
    const out: JudgedCase[] = [];
    for (const c of cases) {
      const game = await playGame(sandbox, interactor, c.input, { timeMs });
      out.push({ run: game.run, verdict: game.verdict, message: game.message, dialogue: game.dialogue });
    }
    return out;
  }
  const runs = await sandbox.runBatch(cases.map((c) => c.input));
  return runs.map((run, i) => {
    const { verdict, checkerMessage } = decideTestVerdict(run, cases[i]!.expected);
    return { run, verdict, message: verdict === 'WA' ? checkerMessage : run.message };
  });
}
