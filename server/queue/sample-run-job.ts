/**
 * "Run the samples" in a judge thread: the same compiler, sandbox and checker (or interactor) as
 * judging, on every sample of the problem, each kept with its output so the page can show output
 * beside expected; nothing is stored as a submission.
 */
import { playGame } from '../judge/interactor';
import { decideTestVerdict } from '../judge/test-verdict';
import { interactorFor } from '../problems/interactive';
import { storedCheckFor } from '../problem-store/judge-check';
import { DEFAULT_OUTPUT_LIMIT } from '../sandbox/types';
import { getProblemHeader, listSamples } from '../storage/problems';
import { getSampleRun, type SampleOutcome, type SampleRunResult } from '../storage/sample-runs';
import { keptStart } from '../text/preview';
import type { ThreadContext } from './kinds/thread-runners';

/** What is kept of one sample's output: samples are small, a runaway program's output is not. */
export const SAMPLE_OUTPUT_CHARS = 64 * 1024;

export async function runSampleRunJob(id: number, ctx: ThreadContext): Promise<SampleRunResult> {
  const { db, compiler, sandbox } = ctx;
  const row = getSampleRun(db, id);
  const problem = row && getProblemHeader(db, row.problem);
  if (!row || !problem) return { verdict: 'IE', samples: [], compileOutput: 'judge error: the sample run or its problem is missing' };
  const compiled = await compiler.compile(row.source, row.language);
  if (!compiled.ok) return { verdict: 'CE', samples: [], compileOutput: compiled.diagnostics };
  const limits = { timeMs: problem.timeLimitMs, memoryMb: problem.memoryLimitMb };
  await sandbox.load(compiled.js, { ...limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const interactor = await interactorFor(row.problem);
  const samples: SampleOutcome[] = [];
  const stored = storedCheckFor(db, row.problem, compiler);
  try {
    for (const [i, sample] of listSamples(db, row.problem).entries()) {
      const game = interactor ? await playGame(sandbox, interactor, sample.input, limits) : null;
      const run = game ? game.run : await sandbox.run(sample.input);
      const checked = !game && stored && run.status === 'ok' ? await stored.check({ input: sample.input, expected: sample.output }, run.stdout) : null;
      const { verdict, checkerMessage } = game
        ? { verdict: game.verdict, checkerMessage: game.message }
        : checked
          ? { verdict: checked.verdict, checkerMessage: checked.message }
          : decideTestVerdict(run, sample.output);
      samples.push({
        index: i + 1,
        verdict,
        input: sample.input,
        expected: sample.output,
        output: keptStart(game ? game.dialogue : run.stdout, SAMPLE_OUTPUT_CHARS),
        message: verdict === 'WA' || game || (checked && verdict === 'IE') ? checkerMessage : run.message,
        timeMs: Math.round(run.timeMs),
      });
    }
  } finally {
    await stored?.close();
  }
  const failed = samples.find((s) => s.verdict !== 'AC');
  return { verdict: failed ? failed.verdict : 'AC', samples, compileOutput: compiled.diagnostics || null };
}
