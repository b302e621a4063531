/**
 * What the queue needs to know about one kind of job, on the main thread (no compiler, no sandbox:
 * how a judge thread runs a kind is in thread-runners.ts). One module per kind implements it;
 * registry.ts lists them.
 */
import type { SubmissionEvents } from '../events';
import type { Db } from '../../storage/db';
import type { FailureText } from '../../storage/submissions';
import type { FromThread, JobKind, JobMessage, JobMessageType, YieldState } from '../protocol';

/**
 * SQL naming the person a row belongs to, the same for every kind (so turns and caps count a
 * person's work across kinds): their account in accounts mode, the sender's address without
 * (`client`, as stored by the routes; a row adopted by the first teacher becomes theirs).
 */
export const PERSON = "CASE WHEN owner IS NULL THEN client ELSE 'account:' || owner END";

export interface JobKindModule<K extends JobKind = JobKind> {
  kind: K;
  /** The SQLite table holding its rows (one row per job, `id` and `status`, 'done' when finished). */
  table: string;
  /** SQL condition on that table: the rows still to be judged. */
  unfinished: string;
  /**
   * Order among one person's own queued jobs (lower first), and between people otherwise tied in
   * their turns (see person-turns.ts); on BullMQ the tie-break within a rank.
   */
  priority: number;
  /** SQL expression over the table's columns: the person the row belongs to (PERSON for every kind so far). */
  person: string;
  /**
   * Long jobs (seconds to a minute): they never take the last idle thread while there are other
   * threads, and on one thread they yield it between batches to waiting work (if they can).
   */
  long?: true;
  /**
   * Background work (rejudges): taken only when no other kind's job waits that could take the
   * thread, and on BullMQ at the lowest priority, so every waiting new submission goes first.
   */
  background?: true;
  /** The thread messages about a job of this kind, and the one among them that ends it. */
  messages: readonly JobMessageType[];
  final: JobMessageType;
  /** Takes this queued job atomically (null: it is no longer queued). */
  claimId(db: Db, id: number): { id: number; attempts: number } | null;
  /** Start-up recovery of rows a killed process left running: how many were put back or failed. */
  recoverInterrupted(db: Db): { requeued: number; failed: number };
  /** The stored row's state. */
  record(db: Db, id: number): { status: string; attempts: number } | undefined;
  /** Puts the job back in the queue (refund: the interruption was not the job's fault). */
  requeue(db: Db, events: SubmissionEvents, id: number, refund: boolean): void;
  /** Stores one message of the job's progress (the queue has checked it belongs to this kind). */
  apply(db: Db, events: SubmissionEvents, m: JobMessage): void;
  /** The final message of a job that failed inside the judge: an internal error, never a lost job. */
  internalError(id: number, message: string): FromThread;
  /** CPU ms a finished job spent, from its final message: charged in its person's turns (person-turns.ts). */
  cost?(m: JobMessage): number;
  /** Kinds that can yield their thread: puts the job back in the queue, to resume from `state`. */
  yielded?(db: Db, id: number, state: YieldState): void;
  /** What a job that yielded goes on from, kept in memory by the kind (taken once: sent with the job to its thread). */
  resumeState?(id: number): unknown;
  /** Called when a thread is handed the job. */
  started?(events: SubmissionEvents, id: number): void;
  /**
   * Distributed mode: what a job's stored progress is reset to when an attempt is abandoned
   * (`requeued`) or a new one starts (`restarted`); kinds whose progress is only their final
   * message need neither.
   */
  discardAttempt?(db: Db, events: SubmissionEvents, id: number, how: 'requeued' | 'restarted'): void;
  /** The problem whose package version a worker must hold to run this job (null: none). */
  problemOf(row: Record<string, unknown>): string | null;
  /**
   * Distributed mode: texts a worker's judge thread stores beside the job's row (a submission's
   * first failing test, whole), read on the worker and stored by the web tier with the result.
   */
  carriedTexts?: { read(db: Db, id: number): FailureText[]; save(db: Db, id: number, texts: FailureText[]): void };
  /** Columns reset when a worker mirrors the row into its own database, besides status and attempts. */
  mirrorReset?: readonly string[];
}
