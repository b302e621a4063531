/**
 * How a judge thread runs each kind of job: the thread side of the registry, kept apart from
 * registry.ts so the main thread never loads the compiler or the sandbox.
 */
import type { Compiler } from '../../compile/types';
import type { Sandbox } from '../../sandbox/types';
import type { Db } from '../../storage/db';
import { runMistakeMapJob } from '../mistake-map-job';
import { runProblemDraftJob } from '../problem-draft-job';
import { runProblemImportJob } from '../problem-import-job';
import { runInvocationJob } from '../invocation-job';
import { runLabJob } from '../lab-job';
import { runSampleRunJob } from '../sample-run-job';
import type { FromThread, JobKind } from '../protocol';
import { runStressJob } from '../stress-job';
import { runSubmissionJob } from '../submission-job';
import { runRejudgeJob } from '../rejudge-job';

/** What a judge thread lends the job it runs. */
export interface ThreadContext {
  db: Db;
  compiler: Compiler;
  /** The thread's warm sandbox. */
  sandbox: Sandbox;
  /** The warm sandbox and, once started, a second one (stress runs spread their cases over both). */
  sandboxes: () => Sandbox[];
  send: (m: FromThread) => void;
  /** True once the main thread asked this job to yield its thread (only long kinds listen). */
  yieldAsked: () => boolean;
  /** What the job goes on from, if it yielded before and its kind kept that (a lab table so far). */
  resume?: unknown;
}

/** Runs one stored job to its final message (sent through ctx.send). */
export type ThreadRunner = (id: number, ctx: ThreadContext) => Promise<void>;

export const THREAD_RUNNERS: { readonly [K in JobKind]: ThreadRunner } = {
  submission: runSubmissionJob,
  invocation: async (id, ctx) => ctx.send({ type: 'invocation-done', id, result: await runInvocationJob(id, ctx) }),
  stress: async (id, ctx) => {
    const result = await runStressJob(id, {
      db: ctx.db,
      compiler: ctx.compiler,
      sandboxes: ctx.sandboxes(),
      progress: (casesRun, casesPerSecond, shrinkSteps) => ctx.send({ type: 'stress-progress', id, casesRun, casesPerSecond, shrinkSteps }),
      yieldNow: ctx.yieldAsked,
    });
    if ('yielded' in result) ctx.send({ type: 'yielded', kind: 'stress', id, state: result.yielded });
    else ctx.send({ type: 'stress-done', id, result });
  },
  lab: runLabJob,
  'sample-run': async (id, ctx) => ctx.send({ type: 'sample-run-done', id, result: await runSampleRunJob(id, ctx) }),
  'mistake-map': async (id, ctx) => {
    const { result, usedMs } = await runMistakeMapJob(id, ctx);
    ctx.send({ type: 'mistake-map-done', id, result, usedMs });
  },
  rejudge: runRejudgeJob,
  'problem-draft': async (id, ctx) => ctx.send({ type: 'problem-draft-done', id, result: await runProblemDraftJob(id, ctx) }),
  'problem-import': async (id, ctx) => ctx.send({ type: 'problem-import-done', id, result: await runProblemImportJob(id, ctx) }),
};
