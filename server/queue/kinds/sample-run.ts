/**
 * Sample runs ("Run the samples"): a few short runs a student waits for at the editor, so they are
 * claimed first, before custom invocations and submissions; each is bounded by the problem's
 * samples and limits, and the number waiting is bounded where they are queued (server/http).
 */
import { claimNextSampleRun, finishSampleRun, getSampleRun, requeueSampleRun } from '../../storage/sample-runs';
import type { JobKindModule } from './kind';

export const sampleRunKind: JobKindModule<'sample-run'> = {
  kind: 'sample-run',
  table: 'sample_runs',
  unfinished: "status <> 'done'",
  priority: 0,
  messages: ['sample-run-done'],
  final: 'sample-run-done',
  claim: (db) => claimNextSampleRun(db) ?? null,
  record: (db, id) => getSampleRun(db, id),
  requeue: (db, _events, id, refund) => requeueSampleRun(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'sample-run-done') finishSampleRun(db, m.id, m.result);
  },
  internalError: (id, message) => ({ type: 'sample-run-done', id, result: { verdict: 'IE', samples: [], compileOutput: message } }),
  problemOf: (row) => String(row.problem),
};
