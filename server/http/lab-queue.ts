/**
 * The lab's side of the judging queue: a lab request too long for the HTTP thread is stored as a
 * lab_jobs row and taken by a judge thread (or a judge worker in distributed mode) like any job.
 */
import type { LabRequest } from '../lab/lab';
import type { Db } from '../storage/db';
import type { LabTable } from '../lab/big-table';
import { cancelLabJob, countLabJobsOf, expireLabJobs, getLabJob, getLabTable, getLabTableText, insertLabJob, labJobPosition, type LabJob } from '../storage/lab-jobs';
import { personCapRefusal, personOf } from '../queue/person-caps';

/** Finished jobs are kept this long (a table is cheap to compute again). */
const KEEP_MS = 60 * 60 * 1000;
/** Most lab jobs one person keeps at once (queued, running or finished within the hour): each may hold a table of megabytes. */
export const MAX_JOBS_PER_PERSON = 20;

/**
 * Why a job was not queued: this person has their cap of lab jobs waiting or running
 * (server/queue/person-caps.ts), or keeps their most finished tables.
 */
export type Refusal = { refused: 'busy'; message: string } | { refused: 'quota'; kept: number };

export class LabQueue {
  constructor(
    private readonly db: Db,
    /** Wakes the judge after a job is stored. */
    private readonly onQueued: () => void,
  ) {}

  /** Queues a request; null when refused. */
  submit(request: LabRequest, owner: number | null = null, client = ''): LabJob | null {
    const r = this.trySubmit(request, owner, client);
    return 'refused' in r ? null : r;
  }

  /** Queues a request, or says why not. */
  trySubmit(request: LabRequest, owner: number | null = null, client = ''): LabJob | Refusal {
    expireLabJobs(this.db, KEEP_MS);
    if (owner !== null) {
      const kept = countLabJobsOf(this.db, owner);
      if (kept >= MAX_JOBS_PER_PERSON) return { refused: 'quota', kept };
    }
    const capped = personCapRefusal(this.db, 'lab', personOf(owner, client));
    if (capped !== null) return { refused: 'busy', message: capped };
    const id = insertLabJob(this.db, request, owner, client);
    this.onQueued();
    return getLabJob(this.db, id) ?? { refused: 'busy', message: 'The lab job vanished as it was stored; try again.' };
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

  /** The stored text of that table, unparsed, for a download to stream. */
  tableText(id: number): string | null {
    return getLabTableText(this.db, id) ?? null;
  }

  /** Jobs ahead of this one in the queue (0 when it runs or is done). */
  position(id: number): number {
    return labJobPosition(this.db, id);
  }
}

/** The 4xx for a job not queued: 429 at the person's cap of waiting work, 409 past their quota of kept tables. */
export function refusalStatus(r: Refusal): { status: number; message: string } {
  if (r.refused === 'busy') return { status: 429, message: r.message };
  return {
    status: 409,
    message: `You keep ${r.kept} lab jobs, the most one person keeps (${MAX_JOBS_PER_PERSON}); a finished job is removed an hour after it ends, so try again later.`,
  };
}
