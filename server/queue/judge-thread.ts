/**
 * A judge thread: owns one warm compiler and one sandbox, and works on one job at a time on
 * request from the main thread. It reads the job and its data from SQLite itself (its own
 * connection) so megabytes of test data never cross the HTTP thread, and reports progress as
 * messages. How each kind of job runs is in kinds/thread-runners.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createBoundedCompiler } from '../compile/bounded-compiler';
import { createProgramSandbox } from '../languages/program-sandbox';
import { setDetected } from '../languages/toolchains';
import { checkpoint, openDatabase } from '../storage/db';
import type { Sandbox } from '../sandbox/types';
import { internalErrorMessage } from './job-records';
import { THREAD_RUNNERS } from './kinds/thread-runners';
import type { FromThread, JobKind, JudgeThreadData, ToThread } from './protocol';
import { setThreadNice } from '../platform/thread-priority';
import { warmUp } from './warm-up';

const port = parentPort!;
const { dbPath, nice } = workerData as JudgeThreadData;
// Threads inherit the creating thread's priority: drop the HTTP thread's boost before the
// compiler runs or the sandbox process is spawned (children inherit it too).
setThreadNice(nice);
const db = openDatabase(dbPath);
// Compiling in a thread of its own, which a time limit can stop (see bounded-compiler.ts). It starts
// with the first compilation: at start-up every judge thread loading a second TypeScript would
// delay the first verdict on a small machine.
const compiler = createBoundedCompiler();
// Every language's programs: JavaScript in the process sandbox, native ones in the contained runner.
const sandbox = await createProgramSandbox();
await warmUp(compiler, sandbox);
sandbox.release();

function send(m: FromThread): void {
  port.postMessage(m);
}

/** A second sandbox, started on the first stress run: stress runs spread their cases over both. */
let stressSandbox: Sandbox | null = null;
let stressSandboxStarting: Promise<void> | null = null;

/** Both sandboxes once the second is up; it starts in the background on the first call. */
function sandboxes(): Sandbox[] {
  // Until it is up, runs use the warm one alone, so a first stress run is not held up by a process
  // start (a looping program is reported in seconds).
  stressSandboxStarting ??= createProgramSandbox().then(
    (s) => {
      stressSandbox = s;
    },
    () => {
      stressSandboxStarting = null;
    },
  );
  return stressSandbox ? [sandbox, stressSandbox] : [sandbox];
}

/** The job the main thread asked to yield its thread, if any (checked by long jobs between batches). */
let yieldFor: { kind: JobKind; id: number } | null = null;

async function work(kind: JobKind, id: number, resume: unknown): Promise<void> {
  yieldFor = null;
  const yieldAsked = (): boolean => yieldFor !== null && yieldFor.kind === kind && yieldFor.id === id;
  try {
    await THREAD_RUNNERS[kind](id, { db, compiler, sandbox, sandboxes, send, yieldAsked, resume });
  } finally {
    // Whatever the job ran (a submission, sample runs, a custom run): the next job's program gets
    // a worker started now, while this job's result is stored (see Sandbox.release).
    sandbox.release();
  }
}

/** The end of a job that failed inside the judge: IE for the user, never a lost job. */
function failed(kind: JobKind, id: number, message: string): FromThread {
  return internalErrorMessage({ kind, id }, `judge error: ${message}`);
}

// One job at a time: the main thread sends the next only after this one's final message.
port.on('message', (m: ToThread) => {
  if (m.type === 'languages') {
    setDetected(m.detected);
  } else if (m.type === 'yield') {
    yieldFor = { kind: m.kind, id: m.id };
  } else if (m.type === 'job') {
    work(m.kind, m.id, m.resume)
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

