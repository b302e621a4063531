/**
 * A judge thread: owns one warm compiler and one sandbox, and judges one submission at a time on
 * request from the main thread. It reads the submission and its tests from SQLite itself (its own
 * connection) so megabytes of test data never cross the HTTP thread, reports progress as messages,
 * and writes the full texts of the first failing test for download.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCompiler } from '../compile/index';
import { grade, KEPT_OUTPUT_CHARS, type GradeEvent, type TestOutcome } from '../judge/grader';
import { createSandbox } from '../sandbox/index';
import { checkpoint, openDatabase } from '../storage/db';
import { interactorFor } from '../problems/interactive';
import { getProblemHeader, listTests, type TestRow } from '../storage/problems';
import { preview } from '../text/preview';
import { getSubmission, saveFailureTexts, type FailureText, type TestResultInput } from '../storage/submissions';
import type { Sandbox } from '../sandbox/types';
import { collectGarbage } from './collect-garbage';
import { runInvocationJob } from './invocation-job';
import type { FromThread, JobKind, JudgeThreadData, ToThread } from './protocol';
import { runStressJob } from './stress-job';
import { setThreadNice } from './thread-priority';

const MESSAGE_CHARS = 4000;
/** After a test whose output was at least this long, collect its garbage before the next test. */
const COLLECT_AFTER_OUTPUT_CHARS = 16 * 1024 * 1024;

const port = parentPort!;
const { dbPath, nice } = workerData as JudgeThreadData;
// Threads inherit the creating thread's priority: drop the HTTP thread's boost before the
// compiler runs or the sandbox process is spawned (children inherit it too).
setThreadNice(nice);
const db = openDatabase(dbPath);
const compiler = await createCompiler();
const sandbox = await createSandbox();

function send(m: FromThread): void {
  port.postMessage(m);
}

async function judge(id: number): Promise<void> {
  const sub = getSubmission(db, id);
  const problem = sub && getProblemHeader(db, sub.problem);
  if (!sub || !problem) {
    send({ type: 'done', id, result: { verdict: 'IE', failedTest: null, timeMs: 0, memoryKb: 0, compileOutput: 'judge error: the submission or its problem is missing' } });
    return;
  }
  const tests = listTests(db, sub.problem);
  const byIndex = new Map(tests.map((t) => [t.idx, t]));
  const onEvent = (e: GradeEvent): void => {
    switch (e.type) {
      case 'compiling':
        return send({ type: 'compiling', id });
      case 'compiled':
        return send({ type: 'compiled', id, ok: e.ok, output: e.output });
      case 'running':
        return send({ type: 'running', id, test: e.test });
      case 'test':
        if ((e.outcome.outputLength ?? 0) >= COLLECT_AFTER_OUTPUT_CHARS) collectGarbage();
        return send({ type: 'test', id, result: testResult(id, e.outcome, byIndex.get(e.outcome.index)) });
    }
  };
  const outcome = await grade(
    {
      source: sub.source,
      language: sub.language,
      tests: tests.map((t) => ({ index: t.idx, input: t.input, expected: t.expected })),
      limits: { timeMs: problem.timeLimitMs, memoryMb: problem.memoryLimitMb },
      interactor: (await interactorFor(sub.problem)) ?? undefined,
    },
    { compiler, sandbox },
    onEvent,
  );
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
function testResult(id: number, o: TestOutcome, test: TestRow | undefined): TestResultInput {
  const result: TestResultInput = {
    idx: o.index,
    verdict: o.verdict,
    timeMs: o.timeMs,
    memoryKb: o.memoryKb,
    exitCode: o.exitCode,
    message: o.message === null ? null : preview(o.message, MESSAGE_CHARS, 200).text,
  };
  if (o.verdict === 'AC' || !test) return result;
  const texts: FailureText[] = [
    full('input', test.input),
    full('expected', test.expected),
    { kind: 'output', content: o.output, length: o.outputLength ?? o.output.length, cut: o.output.length < (o.outputLength ?? 0) },
    full('stderr', o.stderr),
    ...(o.dialogue === undefined ? [] : [full('dialogue', o.dialogue)]),
  ];
  saveFailureTexts(db, id, texts);
  result.previews = {
    input: preview(test.input).text,
    expected: preview(test.expected).text,
    output: preview(o.output).text,
    stderr: preview(o.stderr).text,
    ...(o.dialogue === undefined ? {} : { dialogue: preview(o.dialogue).text }),
  };
  return result;
}

/** A text kept whole: the test's own input and answer, and standard error (the sandbox keeps 64 KiB). */
function full(kind: FailureText['kind'], text: string): FailureText {
  if (kind === 'dialogue') {
    const kept = preview(text, KEPT_OUTPUT_CHARS, Infinity);
    return { kind, content: kept.text, length: text.length, cut: kept.truncated };
  }
  return { kind, content: text, length: text.length, cut: false };
}

/** A second sandbox, started on the first stress run: stress runs spread their cases over both. */
let stressSandbox: Sandbox | null = null;
let stressSandboxStarting: Promise<void> | null = null;

async function work(kind: JobKind, id: number): Promise<void> {
  if (kind === 'submission') return judge(id);
  if (kind === 'invocation') {
    const result = await runInvocationJob(id, { db, compiler, sandbox });
    return send({ type: 'invocation-done', id, result });
  }
  // The second sandbox starts in the background; until it is up, runs use the warm one alone, so a
  // first stress run is not held up by a process start (a looping program is reported in seconds).
  stressSandboxStarting ??= createSandbox().then(
    (s) => {
      stressSandbox = s;
    },
    () => {
      stressSandboxStarting = null;
    },
  );
  const result = await runStressJob(id, {
    db,
    compiler,
    sandboxes: stressSandbox ? [sandbox, stressSandbox] : [sandbox],
    progress: (casesRun, casesPerSecond, shrinkSteps) => send({ type: 'stress-progress', id, casesRun, casesPerSecond, shrinkSteps }),
  });
  send({ type: 'stress-done', id, result });
}

/** The end of a job that failed inside the judge: IE for the user, never a lost job. */
function failed(kind: JobKind, id: number, message: string): FromThread {
  const text = `judge error: ${message}`;
  if (kind === 'submission') return { type: 'done', id, result: { verdict: 'IE', failedTest: null, timeMs: 0, memoryKb: 0, compileOutput: text } };
  if (kind === 'stress') {
    return { type: 'stress-done', id, result: { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: text, errorInput: null } };
  }
  const none = { output: null, expected: null, stderr: null, compileOutput: null, exitCode: null, timeMs: null, memoryKb: null };
  return { type: 'invocation-done', id, result: { verdict: 'IE', message: text, ...none } };
}

// One job at a time: the main thread sends the next only after this one's final message.
port.on('message', (m: ToThread) => {
  if (m.type === 'job') {
    work(m.kind, m.id)
      .catch((e: unknown) => send(failed(m.kind, m.id, e instanceof Error ? e.message : String(e))))
      // The HTTP thread never checkpoints (see openDatabase), so the judge keeps the WAL short.
      .finally(() => {
        try {
          checkpoint(db);
        } catch {
          // A checkpoint that cannot run now runs after the next job.
        }
      });
  } else {
    void Promise.allSettled([compiler.close(), sandbox.close(), stressSandboxStarting?.then(() => stressSandbox?.close())]).then(() => {
      db.close();
      send({ type: 'closed' });
    });
  }
});
send({ type: 'ready' });

