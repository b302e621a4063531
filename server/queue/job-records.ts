/**
 * What a job's progress does to its stored record, for every kind of job: the one place where a
 * judge thread's message becomes a row in SQLite and an event for the pages. The embedded queue
 * (judge threads in this process) and the remote queue (judge workers over Redis) both use it, so
 * a submission's page reads the same whichever judged it. Each kind's own rules are in kinds/.
 */
import type { Db } from '../storage/db';
import type { SubmissionEvents } from './events';
import { isFinal, jobKindOf, kindModule } from './kinds/registry';
import type { FromThread, JobKind } from './protocol';

export interface JobRef {
  kind: JobKind;
  id: number;
}

/** Applies one message about a job; returns true when it was the job's final message. */
export function applyJobMessage(db: Db, events: SubmissionEvents, m: FromThread): boolean {
  const kind = jobKindOf(m);
  if (kind === null || m.type === 'ready' || m.type === 'closed' || m.type === 'yielded') return false;
  kindModule(kind).apply(db, events, m);
  return isFinal(m);
}

/** The stored row's state, whatever the kind. */
export function jobRecord(db: Db, job: JobRef): { status: string; attempts: number } | undefined {
  return kindModule(job.kind).record(db, job.id);
}

/** Puts a job back in the queue (refund: the interruption was not the job's fault). */
export function requeueJob(db: Db, events: SubmissionEvents, job: JobRef, refund: boolean): void {
  kindModule(job.kind).requeue(db, events, job.id, refund);
}

/** The final message of a job that failed inside the judge: IE for the user, never a lost job. */
export function internalErrorMessage(job: JobRef, message: string): FromThread {
  return kindModule(job.kind).internalError(job.id, message);
}

export function failJobAsInternalError(db: Db, events: SubmissionEvents, job: JobRef, message: string): void {
  applyJobMessage(db, events, internalErrorMessage(job, message));
}
