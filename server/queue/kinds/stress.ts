/**
 * Stress runs: they can keep a thread busy for many seconds, so they never take the last idle
 * thread while there are other threads, and on one thread they yield it to waiting work between
 * batches (resumed later from the case they reached), so submissions keep flowing.
 */
import { claimNextStressRun, finishStressRun, getStressRun, requeueInterruptedStressRuns, requeueStressRun, saveStressProgress, yieldStressRun } from '../../storage/stress-runs';
import { PERSON, type JobKindModule } from './kind';

export const stressKind: JobKindModule<'stress'> = {
  kind: 'stress',
  table: 'stress_runs',
  unfinished: "status <> 'done'",
  priority: 4,
  person: PERSON,
  long: true,
  messages: ['stress-progress', 'stress-done'],
  final: 'stress-done',
  claimId: (db, id) => claimNextStressRun(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedStressRuns(db), failed: 0 }),
  yielded: (db, id, state) => yieldStressRun(db, id, state.resumeAt, state.usedMs),
  record: (db, id) => getStressRun(db, id),
  requeue: (db, _events, id, refund) => requeueStressRun(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'stress-progress') saveStressProgress(db, m.id, m.casesRun, m.casesPerSecond, m.shrinkSteps);
    else if (m.type === 'stress-done') finishStressRun(db, m.id, m.result);
  },
  internalError: (id, message) => ({
    type: 'stress-done',
    id,
    result: { result: 'error', casesRun: 0, casesPerSecond: null, counterexample: null, error: message, errorInput: null },
  }),
  problemOf: (row) => String(row.problem),
};

/** Long jobs (stress runs, lab tables) together leave one ready thread for short ones. */
export function leavesAThread(threads: number, busyWithLongJobs: number): boolean {
  return threads <= 1 || busyWithLongJobs < threads - 1;
}
