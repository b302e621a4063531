/**
 * Problem imports: an uploaded package zip checked, its solutions run and the package stored
 * (server/queue/problem-import-job.ts). Seconds of work, so like drafts they never take the last
 * idle thread. A row left running by a killed server goes back in the queue: the store and the
 * row's finish are one transaction, so nothing is half stored.
 */
import { claimNextProblemImport, finishProblemImport, getProblemImport, removeImportZip, requeueInterruptedProblemImports, requeueProblemImport, saveImportRows } from '../../problem-store/import-jobs';
import { PERSON, type JobKindModule } from './kind';

export const problemImportKind: JobKindModule<'problem-import'> = {
  kind: 'problem-import',
  table: 'problem_imports',
  unfinished: "status <> 'done'",
  priority: 8,
  person: PERSON,
  long: true,
  messages: ['problem-import-rows', 'problem-import-done'],
  final: 'problem-import-done',
  claimId: (db, id) => claimNextProblemImport(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedProblemImports(db), failed: 0 }),
  record: (db, id) => getProblemImport(db, id),
  requeue: (db, _events, id, refund) => requeueProblemImport(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'problem-import-rows') saveImportRows(db, m.id, m.rows);
    if (m.type === 'problem-import-done') {
      // A stored import's row was finished by the thread with the store; this finishes a refusal.
      finishProblemImport(db, m.id, m.result);
      removeImportZip(db, m.id);
    }
  },
  internalError: (id, message) => ({ type: 'problem-import-done', id, result: { outcome: 'refused', slug: null, rows: [], reasons: [message], notes: [] } }),
  // On a distributed worker the cache database's names are not the record's: the web tier checks the
  // short name against its own database when it installs the result (import-transfer.ts).
  mirrorReset: ['replace_existing = 1'],
  // Not a problem yet: no package version to hold.
  problemOf: () => null,
};
