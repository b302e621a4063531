/**
 * What a job's progress does to its stored record, for every kind of job: the one place where a
 * judge thread's message becomes a row in SQLite and an event for the pages. The embedded queue
 * (judge threads in this process) and the remote queue (judge workers over Redis) both use it, so
 * a submission's page reads the same whichever judged it.
 */
import type { Db } from '../storage/db';
import { finishInvocation, getInvocation, requeueInvocation } from '../storage/invocations';
import { finishStressRun, getStressRun, requeueStressRun, saveStressProgress } from '../storage/stress-runs';
import { finishSubmission, getSubmission, markRunning, requeueSubmission, saveCompileOutput, saveTestResult } from '../storage/submissions';
import type { SubmissionEvents } from './events';
import type { FromThread, JobKind } from './protocol';

export interface JobRef {
  kind: JobKind;
  id: number;
}

/** Applies one message about a job; returns true when it was the job's final message. */
export function applyJobMessage(db: Db, events: SubmissionEvents, m: FromThread): boolean {
  switch (m.type) {
    case 'compiling':
      events.publish(m.id, { type: 'status', status: 'compiling', currentTest: null });
      return false;
    case 'compiled':
      saveCompileOutput(db, m.id, m.output || null);
      return false;
    case 'running':
      markRunning(db, m.id, m.test);
      events.publish(m.id, { type: 'status', status: 'running', currentTest: m.test });
      return false;
    case 'test': {
      saveTestResult(db, m.id, m.result);
      const { idx, verdict, timeMs, memoryKb } = m.result;
      events.publish(m.id, { type: 'test', test: { index: idx, verdict, timeMs: Math.round(timeMs), memoryKb: Math.round(memoryKb) } });
      return false;
    }
    case 'done':
      finishSubmission(db, m.id, m.result);
      events.publish(m.id, { type: 'done', verdict: m.result.verdict, failedTest: m.result.failedTest });
      return true;
    case 'stress-progress':
      saveStressProgress(db, m.id, m.casesRun, m.casesPerSecond, m.shrinkSteps);
      return false;
    case 'stress-done':
      finishStressRun(db, m.id, m.result);
      return true;
    case 'invocation-done':
      finishInvocation(db, m.id, m.result);
      return true;
    default:
      return false;
  }
}

/** The stored row's state, whatever the kind. */
export function jobRecord(db: Db, job: JobRef): { status: string; attempts: number } | undefined {
  return job.kind === 'submission' ? getSubmission(db, job.id) : job.kind === 'stress' ? getStressRun(db, job.id) : getInvocation(db, job.id);
}

/** Puts a job back in the queue (refund: the interruption was not the job's fault). */
export function requeueJob(db: Db, events: SubmissionEvents, job: JobRef, refund: boolean): void {
  if (job.kind === 'submission') {
    requeueSubmission(db, job.id, refund);
    events.publish(job.id, { type: 'status', status: 'queued', currentTest: null });
  } else if (job.kind === 'stress') requeueStressRun(db, job.id, refund);
  else requeueInvocation(db, job.id, refund);
}

/** The final message of a job that failed inside the judge: IE for the user, never a lost job. */
export function internalErrorMessage(job: JobRef, message: string): FromThread {
  if (job.kind === 'submission') return { type: 'done', id: job.id, result: { verdict: 'IE', failedTest: null, timeMs: 0, memoryKb: 0, compileOutput: message } };
  if (job.kind === 'stress') {
    return { type: 'stress-done', id: job.id, result: { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: message, errorInput: null } };
  }
  const none = { output: null, expected: null, stderr: null, compileOutput: null, exitCode: null, timeMs: null, memoryKb: null };
  return { type: 'invocation-done', id: job.id, result: { verdict: 'IE', message, ...none } };
}

export function failJobAsInternalError(db: Db, events: SubmissionEvents, job: JobRef, message: string): void {
  applyJobMessage(db, events, internalErrorMessage(job, message));
}
