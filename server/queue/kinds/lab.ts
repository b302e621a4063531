/**
 * SG lab tables too long for a request (student code in the sandbox, big ranges): the same compiler
 * and sandbox work as judging, so the judge threads take them, in their person's turn. Like stress
 * runs they can take seconds, so they never take the last idle thread.
 */
import { claimNextLabJob, failInterruptedLabJobs, finishLabJob, getLabJobState, requeueLabJob, saveLabPhase, saveLabProgress, yieldLabJob } from '../../storage/lab-jobs';
import { PERSON, type JobKindModule } from './kind';

/**
 * Tables of jobs that gave their thread to waiting work, by job, until a thread takes the job again.
 * In memory only: after a restart a queued job computes its table from the start.
 */
const paused = new Map<number, unknown>();

export const labKind: JobKindModule<'lab'> = {
  kind: 'lab',
  table: 'lab_jobs',
  unfinished: "status IN ('queued', 'running')",
  priority: 3,
  person: PERSON,
  long: true,
  messages: ['lab-phase', 'lab-progress', 'lab-done'],
  final: 'lab-done',
  claimId: (db, id) => claimNextLabJob(db, id) ?? null,
  // A table half computed is not kept: the job fails with a sentence asking for it again.
  recoverInterrupted: (db) => ({ requeued: 0, failed: failInterruptedLabJobs(db) }),
  record: (db, id) => getLabJobState(db, id),
  requeue: (db, _events, id, refund) => requeueLabJob(db, id, refund),
  yielded(db, id, state) {
    // Tables of jobs no longer waiting (cancelled meanwhile) are dropped.
    for (const other of paused.keys()) if (getLabJobState(db, other)?.status !== 'queued') paused.delete(other);
    if (state.table !== undefined) paused.set(id, state.table);
    yieldLabJob(db, id);
  },
  resumeState(id) {
    const table = paused.get(id);
    paused.delete(id);
    return table;
  },
  apply(db, _events, m) {
    if (m.type === 'lab-phase') saveLabPhase(db, m.id, m.phase);
    else if (m.type === 'lab-progress') saveLabProgress(db, m.id, m.progress);
    else if (m.type === 'lab-done') finishLabJob(db, m.id, m.result);
  },
  internalError: (id, message) => ({ type: 'lab-done', id, result: { result: null, error: message } }),
  // A lab job reads no test data: the game is in the request or in this checkout's package code.
  problemOf: () => null,
};
