/**
 * Mistake maps: a program on a grid of a few hundred to a few thousand small states, in a few runs
 * (under a second for a program that answers in time; at most MAP_CPU_BUDGET_MS of CPU), asked for
 * from a wrong submission's page or the stress panel. Like stress runs and lab tables they never
 * take the last idle thread, so submissions keep flowing; what a map spent is charged in its
 * person's turns (`cost`).
 */
import { claimNextMistakeMap, finishMistakeMap, getMistakeMap, requeueInterruptedMistakeMaps, requeueMistakeMap } from '../../storage/mistake-maps';
import type { JobKindModule } from './kind';

export const mistakeMapKind: JobKindModule<'mistake-map'> = {
  kind: 'mistake-map',
  table: 'mistake_maps',
  unfinished: "status <> 'done'",
  priority: 5,
  // The requester's person key is stored as it is (see insertMistakeMap), so a teacher's batch of
  // maps of the students' submissions takes the teacher's turns, not theirs.
  person: "CASE WHEN client <> '' THEN client WHEN owner IS NULL THEN '' ELSE 'account:' || owner END",
  long: true,
  messages: ['mistake-map-done'],
  final: 'mistake-map-done',
  claimId: (db, id) => claimNextMistakeMap(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedMistakeMaps(db), failed: 0 }),
  record: (db, id) => getMistakeMap(db, id),
  requeue: (db, _events, id, refund) => requeueMistakeMap(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'mistake-map-done') finishMistakeMap(db, m.id, m.result);
  },
  cost: (m) => (m.type === 'mistake-map-done' ? (m.usedMs ?? 0) : 0),
  internalError: (id, message) => ({ type: 'mistake-map-done', id, result: { got: null, truth: null, disagree: null, error: message } }),
  problemOf: (row) => String(row.problem),
};
