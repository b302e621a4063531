/**
 * What the queue needs to know about one kind of job, on the main thread (no compiler, no sandbox:
 * how a judge thread runs a kind is in thread-runners.ts). One module per kind implements it;
 * registry.ts lists them.
 */
import type { ClientTurns } from '../client-turns';
import type { SubmissionEvents } from '../events';
import type { Db } from '../../storage/db';
import type { FailureText } from '../../storage/submissions';
import type { FromThread, JobKind, JobMessage, JobMessageType } from '../protocol';

/** What a claim rule may look at besides the database. */
export interface ClaimContext {
  /** Round robin between the clients of queued submissions (one per queue). */
  turns: ClientTurns;
  /** Judge threads up and ready, busy or not. */
  threads: number;
  /** How many of them work on a job of this kind now. */
  busyWith: (kind: JobKind) => number;
}

export interface JobKindModule<K extends JobKind = JobKind> {
  kind: K;
  /** The SQLite table holding its rows (one row per job, `id` and `status`, 'done' when finished). */
  table: string;
  /** SQL condition on that table: the rows still to be judged. */
  unfinished: string;
  /** Claim order: lower first, on the embedded queue and on BullMQ alike. */
  priority: number;
  /** The thread messages about a job of this kind, and the one among them that ends it. */
  messages: readonly JobMessageType[];
  final: JobMessageType;
  /**
   * Distributed mode cannot look at the database when a worker takes a job, so turns are decided
   * when the job is put on the queue: its rank among its sender's recent jobs (0 for the first).
   * BullMQ takes the lower rank first within a kind, so a client's first job goes before another
   * client's hundredth. Kinds without senders leave it out (rank 0: first in, first out).
   */
  queueRank?(db: Db, id: number): number;
  /** Takes the next queued job atomically, or null (also when the kind's claim rule says wait). */
  claim(db: Db, ctx: ClaimContext): { id: number; attempts: number } | null;
  /** The stored row's state. */
  record(db: Db, id: number): { status: string; attempts: number } | undefined;
  /** Puts the job back in the queue (refund: the interruption was not the job's fault). */
  requeue(db: Db, events: SubmissionEvents, id: number, refund: boolean): void;
  /** Stores one message of the job's progress (the queue has checked it belongs to this kind). */
  apply(db: Db, events: SubmissionEvents, m: JobMessage): void;
  /** The final message of a job that failed inside the judge: an internal error, never a lost job. */
  internalError(id: number, message: string): FromThread;
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
