/**
 * Problem drafts: a teacher's problem checked before it is published (the reference writes the
 * answers, every solution is judged on every test). Seconds of work, so like stress runs they never
 * take the last idle thread.
 */
import { claimNextProblemDraft, finishProblemDraft, getProblemDraft, requeueInterruptedProblemDrafts, requeueProblemDraft, saveDraftRows } from '../../problem-drafts/store';
import { PERSON, type JobKindModule } from './kind';

export const problemDraftKind: JobKindModule<'problem-draft'> = {
  kind: 'problem-draft',
  table: 'problem_drafts',
  unfinished: "status <> 'done'",
  priority: 6,
  person: PERSON,
  long: true,
  messages: ['problem-draft-rows', 'problem-draft-done'],
  final: 'problem-draft-done',
  claimId: (db, id) => claimNextProblemDraft(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedProblemDrafts(db), failed: 0 }),
  record: (db, id) => getProblemDraft(db, id),
  requeue: (db, _events, id, refund) => requeueProblemDraft(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'problem-draft-rows') saveDraftRows(db, m.id, m.rows);
    if (m.type === 'problem-draft-done') finishProblemDraft(db, m.id, m.result);
  },
  internalError: (id, message) => ({ type: 'problem-draft-done', id, result: { outcome: 'failed', stored: null, rows: [], reasons: [message], added: [] } }),
  // Drafts are not problems yet: a worker needs no package version to check one.
  problemOf: () => null,
};
