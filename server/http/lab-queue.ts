/**
 * The lab's side of the judging queue: a lab request too long for the HTTP thread is stored as a
 * lab_jobs row and taken by a judge thread (or a judge worker in distributed mode) like any job.
 */
import type { LabRequest } from '../lab/lab';
import type { Db } from '../storage/db';
import type { LabTable } from '../lab/big-table';
import { cancelLabJob, countWaitingLabJobs, expireLabJobs, getLabJob, getLabTable, insertLabJob, labJobPosition, type LabJob } from '../storage/lab-jobs';

/** Finished jobs are kept this long (a table is cheap to compute again). */
const KEEP_MS = 60 * 60 * 1000;
/** Most jobs waiting at once: beyond it a new one is refused (429) rather than queued for ever. */
export const MAX_WAITING = 50;

export class LabQueue {
  constructor(
    private readonly db: Db,
    /** Wakes the judge after a job is stored. */
    private readonly onQueued: () => void,
  ) {}

  /** Queues a request; null when too many are waiting. */
  submit(request: LabRequest, owner: number | null = null): LabJob | null {
    expireLabJobs(this.db, KEEP_MS);
    if (countWaitingLabJobs(this.db) >= MAX_WAITING) return null;
    const id = insertLabJob(this.db, request, owner);
    this.onQueued();
    return getLabJob(this.db, id) ?? null;
  }

  /** Cancels a queued or running job; false when it had already finished. */
  cancel(id: number): boolean {
    return cancelLabJob(this.db, id);
  }

  get(id: number): LabJob | null {
    return getLabJob(this.db, id) ?? null;
  }

  /** The whole table of a finished big job (its result holds the first values only). */
  table(id: number): LabTable | null {
    return getLabTable(this.db, id) ?? null;
  }

  /** Jobs ahead of this one in the queue (0 when it runs or is done). */
  position(id: number): number {
    return labJobPosition(this.db, id);
  }
}
