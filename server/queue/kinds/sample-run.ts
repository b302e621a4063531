/**
 * Sample runs ("Run the samples"): a few short runs a student waits for at the editor, so they go
 * first among their person's own work and first between people equally due (quick by priority,
 * but in turn with everyone else's work); each is bounded by the problem's samples and limits,
 * and the number a person may have waiting by person-caps.ts.
 */
import { claimNextSampleRun, finishSampleRun, getSampleRun, requeueInterruptedSampleRuns, requeueSampleRun } from '../../storage/sample-runs';
import { PERSON, type JobKindModule } from './kind';

export const sampleRunKind: JobKindModule<'sample-run'> = {
  kind: 'sample-run',
  table: 'sample_runs',
  unfinished: "status <> 'done'",
  priority: 0,
  person: PERSON,
  messages: ['sample-run-done'],
  final: 'sample-run-done',
  claimId: (db, id) => claimNextSampleRun(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedSampleRuns(db), failed: 0 }),
  record: (db, id) => getSampleRun(db, id),
  requeue: (db, _events, id, refund) => requeueSampleRun(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'sample-run-done') finishSampleRun(db, m.id, m.result);
  },
  internalError: (id, message) => ({ type: 'sample-run-done', id, result: { verdict: 'IE', samples: [], compileOutput: message } }),
  problemOf: (row) => String(row.problem),
};
