/**
 * Rejudge items: one judged submission judged again against its problem's current tests (see
 * server/rejudge/store.ts). Background work: an item takes a thread only when no other job waits
 * for it, so a rejudge of a whole problem never delays a new submission by more than the item
 * already running. The new verdict replaces the old one in one transaction when it arrives, and
 * the done event refreshes the standings and class tables like a new verdict.
 */
import { claimRejudgeItem, finishRejudgeItem, getRejudgeItem, recoverRejudges, requeueRejudgeItem } from '../../rejudge/store';
import type { JobKindModule } from './kind';

export const rejudgeKind: JobKindModule<'rejudge'> = {
  kind: 'rejudge',
  table: 'rejudge_items',
  unfinished: "status <> 'done'",
  priority: 7,
  // The rejudge's own turns, never its students': their own new work keeps its rank.
  person: "'rejudge:' || rejudge",
  background: true,
  messages: ['rejudge-done'],
  final: 'rejudge-done',
  claimId: (db, id) => claimRejudgeItem(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: recoverRejudges(db), failed: 0 }),
  record: (db, id) => getRejudgeItem(db, id),
  requeue: (db, _events, id, refund) => requeueRejudgeItem(db, id, refund),
  apply(db, events, m) {
    if (m.type !== 'rejudge-done') return;
    const stored = finishRejudgeItem(db, m.id, m.result, m.error ?? null);
    if (stored) events.publish(stored.submission, { type: 'done', verdict: stored.verdict as never, failedTest: stored.failedTest });
  },
  internalError: (id, message) => ({ type: 'rejudge-done', id, result: null, error: message }),
  problemOf: (row) => String(row.problem),
};
