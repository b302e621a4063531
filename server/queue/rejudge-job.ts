/**
 * Judging one rejudge item in a judge thread: the submission's copied source against the problem's
 * current tests (the shared ones and its sender's own, as a new submission would be), with nothing
 * written to the submission meanwhile; the verdict, test rows and failing texts travel in the final
 * message and replace the old ones at once (store.ts), so the old verdict stays visible until then.
 */
import type { LanguageId } from '../languages/registry';
import { grade, type GradeEvent } from '../judge/grader';
import { gradedBy, judgingFor } from '../judging/judging';
import { listTests } from '../storage/problems';
import type { FailureText, TestResultInput } from '../storage/submissions';
import type { ThreadContext } from './kinds/thread-runners';
import { judgedTest } from './submission-job';
import { getRejudgeItem } from '../rejudge/store';

export async function runRejudgeJob(id: number, ctx: ThreadContext): Promise<void> {
  const { db, compiler, sandbox, send } = ctx;
  const item = getRejudgeItem(db, id);
  const judging = item && (await judgingFor(db, item.problem, ctx));
  if (!item || !judging) {
    send({ type: 'rejudge-done', id, result: null, error: 'judge error: the rejudged submission or its problem is missing' });
    return;
  }
  const tests = listTests(db, item.problem, item.owner);
  const byIndex = new Map(tests.map((t) => [t.idx, t]));
  const results: TestResultInput[] = [];
  const texts: FailureText[] = [];
  const onEvent = (e: GradeEvent): void => {
    if (e.type !== 'test') return;
    const judged = judgedTest(e.outcome, byIndex.get(e.outcome.index));
    results.push(judged.result);
    texts.push(...judged.texts);
  };
  const outcome = await grade(
    {
      source: item.source,
      language: item.language as LanguageId,
      tests: tests.map((t) => ({ index: t.idx, input: t.input, expected: t.expected })),
      ...gradedBy(judging),
    },
    { compiler, sandbox },
    onEvent,
  ).finally(() => judging.close());
  const final = { verdict: outcome.verdict, failedTest: outcome.failedTest, timeMs: outcome.timeMs, memoryKb: outcome.memoryKb, compileOutput: outcome.compileOutput };
  send({ type: 'rejudge-done', id, result: { final, tests: results, texts } });
}
