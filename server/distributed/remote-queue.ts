/**
 * The web tier's dispatcher in distributed mode. SQLite stays the truth: every queued row is put on
 * the BullMQ queue (its job id is the row's, so putting it twice is harmless), the workers' progress
 * comes back as BullMQ events and is stored through the same code as the embedded judge's, and a
 * periodic reconciliation re-enqueues rows that Redis lost and stores results whose events were
 * missed while the web tier or Redis was down. Delivery is at least once: every message carries the
 * attempt it belongs to, and a message from an attempt older than the newest seen is ignored.
 */
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../storage/db';
import type { SubmissionEvents } from '../queue/events';
import { markProblemImportRunning, removeImportZip } from '../problem-store/import-jobs';
import { applyJobMessage, failJobAsInternalError, jobRecord, type JobRef } from '../queue/job-records';
import { KINDS_BY_PRIORITY, kindModule } from '../queue/kinds/registry';
import { personRank } from '../queue/person-rank';
import { listWorkers, type WorkerInfo } from './heartbeat';
import { jobId, parseJobId, snapshotJob, type JobPayload, type JobProgress, type JobReturn } from './job-payload';
import { dropImportZip, installImportedProblem, putImportZip, workerRefusal } from './import-transfer';
import { ProblemPublisher, storedProblemRef } from './problem-publisher';
import { CANCEL_KEY_PREFIX, connectionOptions, PROBLEM_DATA_FAILURE, PROBLEM_DATA_RETRIES, problemCacheLimits, QUEUE_NAME, type RedisSettings } from './redis-config';

const RECONCILE_MS = 3_000;
/**
 * BullMQ priorities (1 first, up to 2^21): the job's rank among its person's unfinished work across
 * every kind, then the kind's order. Everyone's first job goes before anyone's second, so a person
 * coming back from idle is next whatever others have queued (the embedded queue's turns, decided
 * when the job is put on the queue because a worker taking a job cannot look at the database).
 */
// One slot per kind's priority (0–8; kinds/*.ts).
const KIND_SLOTS = 9;
// The highest rank's priority (1 + rank × 9 + 8) stays below BullMQ's limit and the background priority.
const MAX_RANK = Math.floor((1 << 21) / KIND_SLOTS) - 2;
/** Background kinds (rejudges) take BullMQ's last priority (its limit, 2^21 - 1), after every other job whatever its rank. */
const BACKGROUND_PRIORITY = (1 << 21) - 1;

export interface RemoteQueueOptions {
  log: (line: string) => void;
}

export class RemoteQueue {
  private readonly queue: Queue;
  private readonly queueEvents: QueueEvents;
  private readonly redis: Redis;
  /** The newest attempt seen per job: older attempts' messages are stale. */
  private readonly attempts = new Map<string, number>();
  private reconciling: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private started = false;
  private workersSeen: WorkerInfo[] = [];
  private readonly publisher: ProblemPublisher;
  /** Per job: how many times a worker refused its problem data and the job was queued anew. */
  private readonly dataRetries = new Map<string, number>();
  private readonly requeueing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly events: SubmissionEvents,
    settings: RedisSettings,
    private readonly options: RemoteQueueOptions,
  ) {
    const connection = connectionOptions(settings);
    this.queue = new Queue(QUEUE_NAME, { connection, defaultJobOptions: { removeOnComplete: { age: 24 * 3600, count: 50_000 }, removeOnFail: { age: 7 * 24 * 3600 } } });
    this.queueEvents = new QueueEvents(QUEUE_NAME, { connection });
    this.redis = new Redis(connection as never);
    this.queue.on('error', (e: Error) => this.warnOnce(e));
    this.queueEvents.on('error', (e: Error) => this.warnOnce(e));
    this.redis.on('error', (e: Error) => this.warnOnce(e));
    this.publisher = new ProblemPublisher(db, this.redis, options.log);
  }

  private lastWarning = 0;
  private warnOnce(e: Error): void {
    if (Date.now() - this.lastWarning < 10_000) return;
    this.lastWarning = Date.now();
    this.options.log(`redis: ${e.message} (retrying)`);
  }

  start(): void {
    this.started = true;
    this.queueEvents.on('progress', ({ jobId: id, data }) => this.onProgress(id, data as unknown as JobProgress));
    this.queueEvents.on('completed', ({ jobId: id, returnvalue }) => this.onCompleted(id, returnvalue as unknown as JobReturn | string));
    this.queueEvents.on('failed', ({ jobId: id, failedReason }) => void this.onFailed(id, failedReason));
    this.queueEvents.on('stalled', ({ jobId: id }) => this.onStalled(id));
    this.timer = setInterval(() => this.notify(), RECONCILE_MS);
    this.notify();
  }

  /** A row was stored or put back: enqueue what is queued, and catch up on what was missed. */
  notify(): void {
    // Before start() the web tier's problems may still be building: a job's payload names its
    // problem's package hash, which must be the built one (main.ts starts this queue after the build).
    if (this.stopped || !this.started) return;
    if (this.reconciling) {
      this.again = true;
      return;
    }
    this.reconciling = this.reconcile()
      .catch((e: Error) => this.warnOnce(e))
      .finally(() => {
        this.reconciling = null;
        if (this.again) {
          this.again = false;
          this.notify();
        }
      });
  }

  private async reconcile(): Promise<void> {
    // BullMQ takes the lower priority number first.
    for (const { kind, table, unfinished, priority, background } of KINDS_BY_PRIORITY) {
      const rows = this.db.prepare(`SELECT id, status FROM ${table} WHERE ${unfinished} ORDER BY id`).all() as { id: number; status: string }[];
      for (const row of rows) {
        const id = jobId(kind, row.id);
        const job = await this.queue.getJob(id);
        if (!job) {
          const payload = snapshotJob(this.db, kind, row.id);
          if (!payload) continue;
          if (payload.problem !== null && payload.problemData) await this.publisher.ensure(payload.problem, payload.problemData);
          // An upload's zip is written whole each time its job is added (a value Redis lost or a worker refused is replaced).
          if (payload.importZip) await putImportZip(this.db, this.redis, String(payload.row.zip), payload.importZip, false);
          const rank = background ? 0 : Math.min(personRank(this.db, kind, row.id), MAX_RANK);
          await this.queue.add(kind, payload, { jobId: id, priority: background ? BACKGROUND_PRIORITY : 1 + rank * KIND_SLOTS + priority, attempts: 1 });
          continue;
        }
        const state = await job.getState();
        // Data a waiting job names stays in Redis while it waits (and is written again if Redis lost it).
        const data = job.data as JobPayload | undefined;
        if (state !== 'completed' && state !== 'failed' && data?.problem && data.problemData) {
          // The problem was replaced while the job waited: it is judged on the new version, as the
          // embedded judge would (taken off and queued again; one a worker holds already is left).
          if ((state === 'waiting' || state === 'prioritized' || state === 'delayed') && storedProblemRef(this.db, data.problem)?.ref.digest !== data.problemData.digest) {
            if (await job.remove().then(() => true, () => false)) {
              this.options.log(`${id}: its problem ${data.problem} changed while it waited; queued again on the new version`);
              this.again = true;
              continue;
            }
          }
          await this.publisher.ensure(data.problem, data.problemData);
        }
        if (state !== 'completed' && state !== 'failed' && data?.importZip) await putImportZip(this.db, this.redis, String(data.row.zip), data.importZip, true);
        if (state === 'completed') this.onCompleted(id, job.returnvalue as JobReturn);
        else if (state === 'failed') await this.onFailed(id, job.failedReason);
      }
    }
    // Cancelling a running stress run is a flag in its row; the worker judging it reads it from Redis.
    const cancelling = this.db.prepare("SELECT id FROM stress_runs WHERE status = 'running' AND cancel_requested = 1").all() as { id: number }[];
    for (const { id } of cancelling) await this.redis.set(CANCEL_KEY_PREFIX + jobId('stress', id), '1', 'EX', 3600);
    this.workersSeen = await listWorkers(this.redis);
  }

  private ref(id: string): JobRef | null {
    return parseJobId(id);
  }

  /** True when a message of this attempt may be stored; a newer attempt discards the older one's rows. */
  private current(id: string, job: JobRef, attempt: number): boolean {
    const seen = this.attempts.get(id) ?? 0;
    if (attempt < seen) return false;
    if (attempt > seen) {
      this.attempts.set(id, attempt);
      if (seen > 0) this.discardPartial(job);
    }
    return true;
  }

  /** The rows a dead attempt stored are not the submission's: it is judged again from the start. */
  private discardPartial(job: JobRef): void {
    kindModule(job.kind).discardAttempt?.(this.db, this.events, job.id, 'requeued');
  }

  private onProgress(id: string, p: JobProgress): void {
    const job = this.ref(id);
    if (!job || !p || typeof p !== 'object' || !Array.isArray(p.messages)) return;
    if (!this.current(id, job, p.attempt)) return;
    const row = jobRecord(this.db, job);
    if (!row || row.status === 'done') return;
    this.db.transaction(() => {
      if (job.kind === 'problem-import') markProblemImportRunning(this.db, job.id);
      for (const m of p.messages) {
        // A new attempt starts with "compiling": whatever an earlier one stored is gone.
        if (m.type === 'compiling') this.clearForAttempt(job);
        applyJobMessage(this.db, this.events, m);
      }
    })();
  }

  private clearForAttempt(job: JobRef): void {
    kindModule(job.kind).discardAttempt?.(this.db, this.events, job.id, 'restarted');
  }

  private onCompleted(id: string, value: JobReturn | string): void {
    const job = this.ref(id);
    if (!job) return;
    const r = (typeof value === 'string' ? JSON.parse(value) : value) as JobReturn | null;
    if (!r || !r.final) return;
    this.dataRetries.delete(id);
    if (!this.current(id, job, r.attempt)) return;
    const row = jobRecord(this.db, job);
    if (!row || row.status === 'done') return;
    if (job.kind === 'problem-import') {
      void this.finishImport(id, job.id, r);
      return;
    }
    this.db.transaction(() => {
      kindModule(job.kind).carriedTexts?.save(this.db, job.id, r.failureTexts ?? []);
      applyJobMessage(this.db, this.events, r.final);
    })();
  }

  /**
   * A worker's answer to an upload's import: a refusal is stored as the embedded judge stores it; a
   * "stored" is only the worker's word until its problem document, read back and checked, is
   * installed here (import-transfer.ts). The upload's zip leaves Redis either way.
   */
  private async finishImport(id: string, importId: number, r: JobReturn): Promise<void> {
    // Seen twice (its event and the next reconcile): one install for both.
    if (this.requeueing.has(id)) return;
    this.requeueing.add(id);
    try {
      const final = r.final;
      if (final.type === 'problem-import-done' && final.id === importId && final.result?.outcome === 'stored') {
        const done = await installImportedProblem(this.db, this.redis, importId, final.result, r.importedProblem, problemCacheLimits().maxProblemBytes);
        if (done) {
          removeImportZip(this.db, importId);
          this.options.log(`problem-import-${importId}: ${done.outcome === 'stored' ? `problem ${done.slug} stored from the worker's import` : `refused: ${done.reasons[0] ?? ''}`}`);
        }
      } else if (final.type === 'problem-import-done' && final.id === importId) {
        applyJobMessage(this.db, this.events, { type: 'problem-import-done', id: importId, result: { outcome: 'refused', slug: null, ...workerRefusal(final.result), notes: [] } });
      } else {
        failJobAsInternalError(this.db, this.events, { kind: 'problem-import', id: importId }, 'judge error: the judge worker answered this import with something else');
      }
      const job = await this.queue.getJob(id);
      const zip = (job?.data as JobPayload | undefined)?.importZip;
      if (zip) await dropImportZip(this.redis, zip);
    } catch (e) {
      this.warnOnce(e instanceof Error ? e : new Error(String(e)));
    } finally {
      this.requeueing.delete(id);
    }
  }

  private async onFailed(id: string, reason: string): Promise<void> {
    const job = this.ref(id);
    if (!job) return;
    const row = jobRecord(this.db, job);
    if (!row || row.status === 'done') return;
    if (String(reason).startsWith(PROBLEM_DATA_FAILURE) && (await this.requeueForProblemData(id))) return;
    failJobAsInternalError(this.db, this.events, job, `judge error: the judge workers could not finish this (${reason})`);
    if (job.kind === 'problem-import') {
      // The upload's zip (up to 64 MiB) leaves Redis with the finished import, not at its expiry.
      const zip = ((await this.queue.getJob(id))?.data as JobPayload | undefined)?.importZip;
      if (zip) await dropImportZip(this.redis, zip);
    }
  }

  /**
   * A worker refused the problem data the job named (missing from Redis, over its limit, or not
   * the job's): the data is deleted, and the job taken off the queue so that the next reconcile
   * queues it again from the database, writing its problem's current data afresh. False once the
   * retries are spent (the job then ends as IE with the worker's sentence).
   */
  private async requeueForProblemData(id: string): Promise<boolean> {
    // The failure is seen twice (its event and the next reconcile): one requeue for both.
    if (this.requeueing.has(id)) return true;
    const tries = this.dataRetries.get(id) ?? 0;
    if (tries >= PROBLEM_DATA_RETRIES) {
      this.dataRetries.delete(id);
      return false;
    }
    this.requeueing.add(id);
    try {
      const job = await this.queue.getJob(id);
      if (!job || (await job.getState()) !== 'failed') return true;
      this.dataRetries.set(id, tries + 1);
      const data = job.data as JobPayload;
      if (data?.problemData) await this.publisher.forget(data.problemData);
      await job.remove();
      this.options.log(`${id}: a worker refused its problem data (${job.failedReason}); writing it again and queueing the job anew`);
    } finally {
      this.requeueing.delete(id);
    }
    this.notify();
    return true;
  }

  private onStalled(id: string): void {
    const job = this.ref(id);
    if (!job) return;
    this.options.log(`${id}: its judge worker stopped answering; another worker takes it from the start`);
    this.discardPartial(job);
  }

  /** Workers connected now (from their heartbeats), as last read. */
  async workers(): Promise<WorkerInfo[]> {
    this.workersSeen = await listWorkers(this.redis);
    return this.workersSeen;
  }

  /** Whether any worker was connected at the last look (for the "no judge is connected" note). */
  hasWorkers(): boolean {
    return this.workersSeen.length > 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.reconciling?.catch(() => {});
    await Promise.allSettled([this.queueEvents.close(), this.queue.close()]);
    this.redis.disconnect();
  }
}

export type { Job };
