/**
 * Start-up recovery of work the last process left running, for every kind in the registry (a kind
 * added there is recovered without a change in main.ts): each kind's own rule puts its rows back
 * in the queue or ends them.
 */
import type { Db } from '../storage/db';
import { KINDS_BY_PRIORITY } from './kinds/registry';

/** Log lines, one per kind that had interrupted work. */
export function recoverInterruptedWork(db: Db): string[] {
  const lines: string[] = [];
  for (const k of KINDS_BY_PRIORITY) {
    const { requeued, failed } = k.recoverInterrupted(db);
    if (requeued) lines.push(`put ${requeued} ${k.kind}(s) interrupted by the last shutdown back in the queue`);
    if (failed) lines.push(`failed ${failed} ${k.kind}(s) the last process died while working on`);
  }
  return lines;
}
