import { LabError } from '../lab/errors';
import { summariseBig } from '../lab/big-table';
import { TableYielded } from '../lab/heap-search';
import type { FastProgress } from '../lab/octal-fast';
import { BUILTIN_JOB_MS, runLab } from '../lab/lab';
import { getLabJob, LAB_CANCELLED, labJobStopped } from '../storage/lab-jobs';
import type { ThreadContext } from './kinds/thread-runners';

/** Thrown between slices when the job was cancelled: the thread goes on to other work at once. */
class LabJobCancelled extends Error {}

/**
 * Runs one stored SG lab job in a judge thread, with the thread's compiler and warm sandbox (the
 * lab loads its own program and limits into it). A LabError is the request's fault and is shown as
 * it is; anything else is the lab's own and is marked as such.
 */
export async function runLabJob(id: number, ctx: ThreadContext): Promise<void> {
  const job = getLabJob(ctx.db, id);
  if (!job) return ctx.send({ type: 'lab-done', id, result: { result: null, error: 'lab error: the lab job is missing' } });
  ctx.send({ type: 'lab-phase', id, phase: 'computing' });
  try {
    const result = await runLab(job.request, {
      tools: async () => {
        ctx.send({ type: 'lab-phase', id, phase: 'compiling' });
        return { compiler: ctx.compiler, sandbox: ctx.sandbox };
      },
      timeMs: BUILTIN_JOB_MS,
      onProgress: (progress) => ctx.send({ type: 'lab-progress', id, progress }),
      // Between slices of a fast table the thread's messages get through: a yield asked for
      // (waiting submissions, one judge thread) is seen there, and so is a cancel (one row read
      // every 100 ms slice), which stops the table rather than computing it to its end.
      slices: {
        from: (ctx.resume as FastProgress | undefined) ?? null,
        between: () =>
          new Promise((resolve, reject) =>
            setImmediate(() => (labJobStopped(ctx.db, id) ? reject(new LabJobCancelled()) : resolve(ctx.yieldAsked()))),
          ),
      },
    });
    // A big table travels as its first rows, with the whole table (values only) beside them for the CSV download.
    const big = summariseBig(result);
    ctx.send({ type: 'lab-done', id, result: { result: big.result, error: null, table: big.table } });
  } catch (e) {
    // The row is already marked cancelled; this final message frees the thread and changes nothing stored.
    if (e instanceof LabJobCancelled) return ctx.send({ type: 'lab-done', id, result: { result: null, error: LAB_CANCELLED } });
    if (e instanceof TableYielded) return ctx.send({ type: 'yielded', kind: 'lab', id, state: { resumeAt: e.progress.n, usedMs: e.progress.ms, table: e.progress } });
    const error = e instanceof LabError ? e.message : `lab error: ${e instanceof Error ? e.message : String(e)}`;
    ctx.send({ type: 'lab-done', id, result: { result: null, error, ...(e instanceof LabError && e.said && { errorSaid: e.said }) } });
  }
}
