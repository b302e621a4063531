/**
 * Stress runs: they can keep a thread busy for many seconds, so they never take the last idle
 * thread while there are other threads, and submissions keep flowing while students stress-test.
 */
import { claimNextStressRun, finishStressRun, getStressRun, requeueStressRun, saveStressProgress } from '../../storage/stress-runs';
import type { JobKindModule } from './kind';

export const stressKind: JobKindModule<'stress'> = {
  kind: 'stress',
  table: 'stress_runs',
  unfinished: "status <> 'done'",
  priority: 4,
  messages: ['stress-progress', 'stress-done'],
  final: 'stress-done',
  claim(db, ctx) {
    if (!leavesAThread(ctx.threads, ctx.busyWith('stress') + ctx.busyWith('lab'))) return null;
    return claimNextStressRun(db) ?? null;
  },
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
