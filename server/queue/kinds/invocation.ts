/** Custom invocations: one short run someone is waiting for, so they come early in their person's own work. */
import { claimNextInvocation, finishInvocation, getInvocation, requeueInterruptedInvocations, requeueInvocation } from '../../storage/invocations';
import { PERSON, type JobKindModule } from './kind';

export const invocationKind: JobKindModule<'invocation'> = {
  kind: 'invocation',
  table: 'invocations',
  unfinished: "status <> 'done'",
  priority: 1,
  person: PERSON,
  messages: ['invocation-done'],
  final: 'invocation-done',
  claimId: (db, id) => claimNextInvocation(db, id) ?? null,
  recoverInterrupted: (db) => ({ requeued: requeueInterruptedInvocations(db), failed: 0 }),
  record: (db, id) => getInvocation(db, id),
  requeue: (db, _events, id, refund) => requeueInvocation(db, id, refund),
  apply(db, _events, m) {
    if (m.type === 'invocation-done') finishInvocation(db, m.id, m.result);
  },
  internalError(id, message) {
    const none = { output: null, expected: null, stderr: null, compileOutput: null, exitCode: null, timeMs: null, memoryKb: null };
    return { type: 'invocation-done', id, result: { verdict: 'IE', message, ...none } };
  },
  problemOf: (row) => String(row.problem),
};
