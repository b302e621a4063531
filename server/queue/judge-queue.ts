import type { Worker } from 'node:worker_threads';
import type { Db } from '../storage/db';
import type { SubmissionEvents } from './events';
import { applyJobMessage, internalErrorMessage, jobRecord, requeueJob } from './job-records';
import { jobKindOf, kindModule } from './kinds/registry';
import { leavesAThread } from './kinds/stress';
import { PersonTurns } from './person-turns';
import { queuedHeads } from './queued-heads';
import type { FromThread, JobKind, JudgeThreadData, ToThread } from './protocol';
import { startTsWorker } from '../platform/ts-worker';
import type { Detected } from '../languages/toolchains';

/** After this many interrupted attempts (the judge thread or the process died) a submission gets IE. */
const MAX_ATTEMPTS = 3;

/**
 * A judge thread's own heap (test data, a lab table, a stress run's cases). Past it the thread stops
 * alone, the process lives, and the job it held is failed at once rather than tried again.
 */
export const JUDGE_THREAD_HEAP_MB = 1536;

export interface JudgeQueueOptions {
  workers: number;
  dbPath: string;
  /** Nice value of judge threads (and so of their sandbox processes). */
  nice?: number;
  log: (line: string) => void;
  /** A judge thread silent for this long while judging is stopped and replaced. */
  watchdogMs?: number;
  /**
   * Hears every message about a job after it is stored (a remote judge worker forwards them), with
   * when it arrived and how long storing and publishing it took (the end-to-end bench's breakdown).
   */
  onJobMessage?: (m: FromThread, timing?: { receivedAt: number; storeMs: number }) => void;
}

interface Job {
  kind: JobKind;
  id: number;
  person: string;
  /** When a thread took it (a long job yields only after MIN_SLICE_MS). */
  since: number;
  /** A yield was asked of the thread. */
  yieldAsked: boolean;
}

/**
 * A long job asked to yield keeps the thread at least this long from when it took it, so that a
 * run that is always interrupted still gets on (its program is compiled again on each resume).
 */
export const MIN_SLICE_MS = 2_000;

interface Slot {
  n: number;
  worker: Worker;
  ready: boolean;
  /** The job being worked on, if any. */
  current: Job | null;
  lastHeard: number;
  /** Consecutive failures to start, for back-off. */
  startFailures: number;
  /** Set when the thread stopped because it went over its resource limits. */
  overLimits: boolean;
}

/**
 * The judging queue. Submissions wait as 'queued' rows in SQLite; this main-thread dispatcher
 * hands one to each idle judge thread (clients taking turns, each claim atomic), stores the
 * progress the thread reports, and publishes it to watchers. A thread that dies or hangs is replaced; its
 * submission is judged again, or given IE if it keeps killing judges.
 */
export class JudgeQueue {
  private readonly slots: (Slot | null)[] = [];
  private stopping = false;
  private watchdog: NodeJS.Timeout | null = null;
  private readonly watchdogMs: number;
  private readonly turns = new PersonTurns();
  private yieldTimer: NodeJS.Timeout | null = null;
  /** Threads (by number) that have said ready at least once, for whenReady(). */
  private readonly everReady = new Set<number>();
  private languages: Detected | null = null;
  private allReady: (() => void) | null = null;
  private readonly allReadyPromise = new Promise<void>((resolve) => (this.allReady = resolve));

  constructor(
    private readonly db: Db,
    private readonly events: SubmissionEvents,
    private readonly options: JudgeQueueOptions,
  ) {
    this.watchdogMs = options.watchdogMs ?? 120_000;
  }

  /** Resolves once every judge thread has been ready (its warm-up passed) at least once. */
  whenReady(): Promise<void> {
    return this.allReadyPromise;
  }

  start(): void {
    for (let n = 0; n < this.options.workers; n++) this.slots.push(this.spawn(n, 0));
    this.watchdog = setInterval(() => this.checkWatchdog(), 5_000);
    this.watchdog.unref();
  }

  /** What language detection found: every judge thread is told, now and when it (re)starts. */
  setLanguages(detected: Detected): void {
    this.languages = detected;
    for (const slot of this.slots) if (slot?.ready) slot.worker.postMessage({ type: 'languages', detected } satisfies ToThread);
  }

  /** Called after a submission is stored: an idle judge takes it at once. */
  notify(): void {
    this.pump();
  }

  /** Judge threads that are up, and how many of them are judging. */
  stats(): { threads: number; ready: number; busy: number } {
    const live = this.slots.filter((s): s is Slot => s !== null);
    return { threads: live.length, ready: live.filter((s) => s.ready).length, busy: live.filter((s) => s.current !== null).length };
  }

  /** Stops the judge threads; a submission they were judging goes back to the queue for next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.yieldTimer) clearTimeout(this.yieldTimer);
    await Promise.all(
      this.slots.map(async (slot) => {
        if (!slot) return;
        if (slot.current !== null) this.requeue(slot.current, true);
        slot.current = null;
        const closed = new Promise<void>((resolve) => {
          slot.worker.once('exit', () => resolve());
          slot.worker.on('message', (m: FromThread) => m.type === 'closed' && resolve());
        });
        if (slot.ready) slot.worker.postMessage({ type: 'close' } satisfies ToThread);
        await Promise.race([closed, sleep(slot.ready ? 5_000 : 0)]);
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(n: number, startFailures: number): Slot {
    const data: JudgeThreadData = { dbPath: this.options.dbPath, nice: this.options.nice ?? 0 };
    const worker = startTsWorker(new URL('./judge-thread.ts', import.meta.url), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: JUDGE_THREAD_HEAP_MB } });
    const slot: Slot = { n, worker, ready: false, current: null, lastHeard: Date.now(), startFailures, overLimits: false };
    worker.on('message', (m: FromThread) => this.onMessage(slot, m));
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') slot.overLimits = true;
      this.options.log(`judge thread ${n}: ${e.stack ?? e.message}`);
    });
    worker.on('exit', (code) => this.onExit(slot, code));
    return slot;
  }

  private onMessage(slot: Slot, m: FromThread): void {
    const receivedAt = performance.now();
    slot.lastHeard = Date.now();
    if (m.type === 'ready') {
      slot.ready = true;
      if (this.languages) slot.worker.postMessage({ type: 'languages', detected: this.languages } satisfies ToThread);
      slot.startFailures = 0;
      this.options.log(`judge thread ${slot.n} ready`);
      this.everReady.add(slot.n);
      if (this.everReady.size >= this.options.workers) this.allReady?.();
      this.pump();
      return;
    }
    if (m.type === 'closed') return;
    // Anything about a job this slot no longer works on (after a watchdog stop) is stale.
    if (!slot.current || m.id !== slot.current.id) return;
    if (m.type === 'yielded') {
      if (slot.current.kind !== m.kind) return;
      kindModule(m.kind).yielded?.(this.db, m.id, m.state);
      slot.current = null;
      this.pump();
      return;
    }
    if (jobKindOf(m) !== slot.current.kind) return;
    const final = applyJobMessage(this.db, this.events, m);
    this.options.onJobMessage?.(m, { receivedAt, storeMs: performance.now() - receivedAt });
    if (final) {
      slot.current = null;
      this.pump();
    }
  }

  private onExit(slot: Slot, code: number): void {
    if (this.stopping || this.slots[slot.n] !== slot) return;
    const job = slot.current;
    // A job that took the thread over its memory would do it again: it ends now, never retried.
    if (job !== null && slot.overLimits) this.failAsInternalError(job, `judge error: working on this took the judge thread over its ${JUDGE_THREAD_HEAP_MB} MiB heap; it is not tried again`);
    else if (job !== null) this.recoverFrom(job, `the judge thread stopped (exit code ${code})`);
    const failures = slot.ready ? 0 : slot.startFailures + 1;
    // A thread that cannot even start (e.g. the sandbox is unavailable) is retried with back-off.
    const delay = failures === 0 ? 0 : Math.min(60_000, 1_000 * 2 ** (failures - 1));
    this.options.log(`judge thread ${slot.n} exited with code ${code}; starting a new one${delay ? ` in ${delay / 1000} s` : ''}`);
    this.slots[slot.n] = null;
    setTimeout(() => {
      if (!this.stopping) this.slots[slot.n] = this.spawn(slot.n, failures);
    }, delay).unref();
  }

  private recoverFrom(job: Job, reason: string): void {
    const row = jobRecord(this.db, job);
    if (!row || row.status === 'done') return;
    if (row.attempts >= MAX_ATTEMPTS) this.failAsInternalError(job, `judge error: ${reason} while working on this, ${row.attempts} times`);
    else this.requeue(job, false);
  }

  private requeue(job: Job, refund: boolean): void {
    requeueJob(this.db, this.events, job, refund);
  }

  private failAsInternalError(job: Job, message: string): void {
    const m = internalErrorMessage(job, message);
    applyJobMessage(this.db, this.events, m);
    this.options.onJobMessage?.(m);
  }

  /**
   * Hands queued work to idle threads, people taking turns across every kind of job
   * (person-turns.ts); then, if short work still waits with every thread busy, asks a long job to
   * yield its thread at its next batch.
   */
  private pump(): void {
    if (this.stopping) return;
    for (const slot of this.slots) {
      if (!slot || !slot.ready || slot.current !== null) continue;
      const job = this.claim();
      if (!job) break;
      slot.current = job;
      slot.lastHeard = Date.now();
      kindModule(job.kind).started?.(this.events, job.id);
      const resume = kindModule(job.kind).resumeState?.(job.id);
      slot.worker.postMessage({ type: 'job', kind: job.kind, id: job.id, ...(resume !== undefined && { resume }) } satisfies ToThread);
    }
    this.askLongJobsToYield();
  }

  private live(): Slot[] {
    return this.slots.filter((s): s is Slot => s !== null && s.ready);
  }

  private claim(): Job | null {
    for (;;) {
      const live = this.live();
      const running = new Map<string, number>();
      for (const s of live) if (s.current) running.set(s.current.person, (running.get(s.current.person) ?? 0) + 1);
      const longBusy = live.filter((s) => s.current && kindModule(s.current.kind).long).length;
      const head = this.turns.choose({
        heads: queuedHeads(this.db),
        running,
        runningCap: Math.max(1, Math.ceil(live.length / 2)),
        longAllowed: leavesAThread(live.length, longBusy),
      });
      if (!head) return null;
      const kind = head.kind as JobKind;
      const row = kindModule(kind).claimId(this.db, head.id);
      if (!row) continue;
      this.turns.served(head);
      const job: Job = { kind, id: row.id, person: head.person, since: Date.now(), yieldAsked: false };
      if (row.attempts > MAX_ATTEMPTS) {
        this.failAsInternalError(job, `judge error: this was interrupted ${row.attempts - 1} times`);
        continue;
      }
      return job;
    }
  }

  /**
   * Short work waiting while every thread is busy: a long job that can yield (kinds/stress.ts) and
   * has had its MIN_SLICE_MS is asked to stop at its next batch and go back to the queue.
   */
  private askLongJobsToYield(): void {
    const live = this.live();
    if (live.some((s) => s.current === null)) return;
    const waiting = queuedHeads(this.db).some((h) => !h.long);
    if (!waiting) return;
    const now = Date.now();
    let later = Infinity;
    for (const s of live) {
      const job = s.current;
      if (!job || job.yieldAsked || !kindModule(job.kind).yielded) continue;
      const due = job.since + MIN_SLICE_MS;
      if (due > now) {
        later = Math.min(later, due - now);
        continue;
      }
      job.yieldAsked = true;
      s.worker.postMessage({ type: 'yield', kind: job.kind, id: job.id } satisfies ToThread);
      return;
    }
    if (later < Infinity && !this.yieldTimer) {
      this.yieldTimer = setTimeout(() => {
        this.yieldTimer = null;
        this.pump();
      }, later);
      this.yieldTimer.unref();
    }
  }

  private checkWatchdog(): void {
    const now = Date.now();
    for (const slot of this.slots) {
      if (slot && slot.current !== null && now - slot.lastHeard > this.watchdogMs) {
        this.options.log(`judge thread ${slot.n} silent for ${Math.round((now - slot.lastHeard) / 1000)} s on ${slot.current.kind} ${slot.current.id}; replacing it`);
        void slot.worker.terminate();
      }
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
