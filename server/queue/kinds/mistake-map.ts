/**
 * Mistake maps: a program on a grid of a few hundred to a few thousand small states, in a few runs
 * (about a second), asked for from a wrong submission's page or the stress panel. Like stress runs
 * and lab tables they never take the last idle thread, so submissions keep flowing.
 */
import { claimNextMistakeMap, finishMistakeMap, getMistakeMap, requeueMistakeMap } from '../../storage/mistake-maps';
import type { JobKindModule } from './kind';
import { leavesAThread } from './stress';

export const mistakeMapKind: JobKindModule<'mistake-map'> = {
  kind: 'mistake-map',
  table: 'mistake_maps',
  unfinished: "status <> 'done'",
  priority: 5,
  messages: ['mistake-map-done'],
  final: 'mistake-map-done',
  claim(db, ctx) {
    if (!leavesAThread(ctx.threads, ctx.busyWith('stress') + ctx.busyWith('lab') + ctx.busyWith('mistake-map'))) return null;
    return claimNextMistakeMap(db) ?? null;
  },
  record: (db, id) => getMistakeMap(db, id),
  requeue: (db, _events, id, refund) => requeueMistakeMap(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'mistake-map-done') finishMistakeMap(db, m.id, m.result);
  },
  internalError: (id, message) => ({ type: 'mistake-map-done', id, result: { got: null, truth: null, disagree: null, error: message } }),
  problemOf: (row) => String(row.problem),
};
