/**
 * Judging one submission in a judge thread: the grader over the problem's stored tests, progress as
 * messages, and the full texts of the first failing test written for download.
 */
import { grade, KEPT_OUTPUT_CHARS, type GradeEvent, type TestOutcome } from '../judge/grader';
import { gradedBy, judgingFor } from '../judging/judging';
import { listTests, type TestRow } from '../storage/problems';
import { preview } from '../text/preview';
import { getSubmission, saveFailureTexts, type FailureText, type TestResultInput } from '../storage/submissions';
import type { Db } from '../storage/db';
import { collectGarbage } from './collect-garbage';
import { jobPerson } from './person-rank';
import type { ThreadContext } from './kinds/thread-runners';

const MESSAGE_CHARS = 4000;
/**
 * Progress goes to the main thread at most this often (the first running test at once): a message,
 * a transaction and an event per test would cost more than a warm sandbox run of a small test.
 */
export const PROGRESS_MS = 40;
/** After a test whose output was at least this long, collect its garbage before the next test. */
const COLLECT_AFTER_OUTPUT_CHARS = 16 * 1024 * 1024;

export async function runSubmissionJob(id: number, ctx: ThreadContext): Promise<void> {
  const { db, compiler, sandbox, send } = ctx;
  const sub = getSubmission(db, id);
  const judging = sub && (await judgingFor(db, sub.problem, ctx));
  if (!sub || !judging) {
    send({ type: 'done', id, result: { verdict: 'IE', failedTest: null, timeMs: 0, memoryKb: 0, compileOutput: 'judge error: the submission or its problem is missing' } });
    return;
  }
  // The shared tests and the sender's own saved ones, never another student's.
  const tests = listTests(db, sub.problem, sub.owner);
  const byIndex = new Map(tests.map((t) => [t.idx, t]));
  let finished: TestResultInput[] = [];
  let sentAt: number | null = null;
  const sendProgress = (running: number | null): void => {
    send({ type: 'progress', id, results: finished, running });
    finished = [];
    sentAt = performance.now();
  };
  const onEvent = (e: GradeEvent): void => {
    switch (e.type) {
      case 'compiling':
        return send({ type: 'compiling', id });
      case 'compiled':
        return send({ type: 'compiled', id, ok: e.ok, output: e.output, ...(e.cached && { cached: true }) });
      case 'running':
        if (sentAt === null || performance.now() - sentAt >= PROGRESS_MS) sendProgress(e.test);
        return;
      case 'test':
        if ((e.outcome.outputLength ?? 0) >= COLLECT_AFTER_OUTPUT_CHARS) collectGarbage();
        finished.push(testResult(db, id, e.outcome, byIndex.get(e.outcome.index)));
        return;
    }
  };
  const outcome = await grade(
    {
      source: sub.source,
      language: sub.language,
      tests: tests.map((t) => ({ index: t.idx, input: t.input, expected: t.expected })),
      ...gradedBy(judging),
      person: jobPerson(db, 'submission', id),
    },
    { compiler, sandbox },
    onEvent,
  ).finally(() => judging.close());
  if (finished.length > 0) sendProgress(null);
  send({
    type: 'done',
    id,
    result: {
      verdict: outcome.verdict,
      failedTest: outcome.failedTest,
      timeMs: outcome.timeMs,
      memoryKb: outcome.memoryKb,
      compileOutput: outcome.compileOutput,
    },
  });
}

/** A test's row; for a failing test also its texts: full ones stored here, previews sent along. */
function testResult(db: Db, id: number, o: TestOutcome, test: TestRow | undefined): TestResultInput {
  const { result, texts } = judgedTest(o, test);
  if (texts.length > 0) saveFailureTexts(db, id, texts);
  return result;
}

/** A test's row with its previews, and for a failing test its full texts (a rejudge stores them with the verdict). */
export function judgedTest(o: TestOutcome, test: TestRow | undefined): { result: TestResultInput; texts: FailureText[] } {
  const result: TestResultInput = {
    idx: o.index,
    verdict: o.verdict,
    timeMs: o.timeMs,
    memoryKb: o.memoryKb,
    exitCode: o.exitCode,
    message: o.message === null ? null : preview(o.message, MESSAGE_CHARS, 200).text,
    ...(o.message !== null && o.said && { said: o.said }),
    ...(o.judgeMessage && { judgeMessage: preview(o.judgeMessage, MESSAGE_CHARS, 200).text }),
  };
  if (o.verdict === 'AC' || !test) return { result, texts: [] };
  const texts: FailureText[] = [
    full('input', test.input),
    full('expected', test.expected),
    { kind: 'output', content: o.output, length: o.outputLength ?? o.output.length, cut: o.output.length < (o.outputLength ?? 0) },
    full('stderr', o.stderr),
    ...(o.dialogue === undefined ? [] : [full('dialogue', o.dialogue)]),
  ];
  result.previews = {
    input: preview(test.input).text,
    expected: preview(test.expected).text,
    output: preview(o.output).text,
    stderr: preview(o.stderr).text,
    ...(o.dialogue === undefined ? {} : { dialogue: preview(o.dialogue).text }),
  };
  return { result, texts };
}

/** A text kept whole: the test's own input and answer, and standard error (the sandbox keeps 64 KiB). */
function full(kind: FailureText['kind'], text: string): FailureText {
  if (kind === 'dialogue') {
    const kept = preview(text, KEPT_OUTPUT_CHARS, Infinity);
    return { kind, content: kept.text, length: text.length, cut: kept.truncated };
  }
  return { kind, content: text, length: text.length, cut: false };
}
