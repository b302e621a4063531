/**
 * "Run the samples" in a judge thread: the same compiler, sandbox and checker (or interactor) as
 * judging, on every sample of the problem, each kept with its output so the page can show output
 * beside expected; nothing is stored as a submission.
 */
import { compileAndLoad, judgeOne } from '../judge/judge-one';
import { judgingFor } from '../judging/judging';
import { listSamples } from '../storage/problems';
import { getSampleRun, type SampleOutcome, type SampleRunResult } from '../storage/sample-runs';
import { keptStart } from '../text/preview';
import type { ThreadContext } from './kinds/thread-runners';

/** What is kept of one sample's output: samples are small, a runaway program's output is not. */
export const SAMPLE_OUTPUT_CHARS = 64 * 1024;

export async function runSampleRunJob(id: number, ctx: ThreadContext): Promise<SampleRunResult> {
  const { db, compiler, sandbox } = ctx;
  const row = getSampleRun(db, id);
  const judging = row && (await judgingFor(db, row.problem, ctx));
  if (!row || !judging) return { verdict: 'IE', samples: [], compileOutput: 'judge error: the sample run or its problem is missing' };
  try {
    const samples: SampleOutcome[] = [];
    const prepared = await compileAndLoad({ compiler, sandbox }, row.source, row.language, judging.limits);
    if (!prepared.ok) return { verdict: prepared.verdict, samples: [], compileOutput: prepared.compileOutput };
    for (const [i, sample] of listSamples(db, row.problem).entries()) {
      const { verdict, message, said, run, dialogue } = await judgeOne(sandbox, sample.input, sample.output, judging.limits, judging.interactor, judging.check);
      samples.push({
        index: i + 1,
        verdict,
        input: sample.input,
        expected: sample.output,
        output: keptStart(dialogue ?? run.stdout, SAMPLE_OUTPUT_CHARS),
        message,
        said,
        timeMs: Math.round(run.timeMs),
      });
    }
    const failed = samples.find((s) => s.verdict !== 'AC');
    return { verdict: failed ? failed.verdict : 'AC', samples, compileOutput: prepared.diagnostics || null };
  } finally {
    await judging.close();
  }
}
