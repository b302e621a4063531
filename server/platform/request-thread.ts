import type { ResourceLimits, Worker } from 'node:worker_threads';
import { timerMs } from '../rules/limits';
import { threadCpuMs } from './thread-cpu';
import { startTsWorker } from './ts-worker';

/** A request's end: the thread's reply, or why the thread was lost on the way (it is replaced). */
export type ThreadAnswer<T> = { ok: true; reply: T } | { ok: false; lost: string; timedOut: boolean };

/** What crosses the thread boundary: a request id and its body. */
export interface ThreadEnvelope<T> {
  rid: number;
  body: T;
}

/** What a thread's entry posts once its modules are loaded: request timers run from then on. */
export const THREAD_READY = 'ready';

/** What a thread's entry may post before THREAD_READY: its kernel thread id, for CPU-time limits. */
export interface ThreadId {
  tid: number | null;
}

interface Pending<T> {
  resolve: (a: ThreadAnswer<T>) => void;
  timeoutMs: number;
  timer: NodeJS.Timeout | null;
  /** When its time started counting: wall clock, and the thread's CPU time (null: not known). */
  startedAt: number;
  cpuAtStart: number | null;
}

export interface RequestThreadOptions {
  /**
   * Count a request's time limit in the thread's own CPU time (its entry posts a ThreadId), so a
   * busy machine does not turn a normal request into a timed-out one; wall time still ends a
   * request after `wallFactor` times its limit.
   */
  cpuTime?: { wallFactor: number };
}

/** A thread that has not loaded its modules by then is taken as broken. */
const START_MS = 120_000;

/**
 * One worker thread, started on first use, answering requests in order, under resource limits.
 * A request that overruns its time, or a thread that dies (over its heap, say), ends every
 * pending request with the reason; the next request starts a fresh thread. The thread's entry
 * posts THREAD_READY once loaded (a request's time counts from then, and from when the requests
 * before it are answered: loading TypeScript modules on a busy machine can take seconds) and
 * answers each {rid, body} message with {rid, body: reply}.
 */
export class RequestThread<Req, Rep> {
  private worker: Worker | null = null;
  private ready = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Rep>>();
  private tid: number | null = null;

  constructor(
    private readonly entry: URL,
    private readonly resourceLimits: ResourceLimits,
    private readonly workerData: unknown = null,
    private readonly options: RequestThreadOptions = {},
  ) {}

  request(body: Req, timeoutMs: number): Promise<ThreadAnswer<Rep>> {
    const worker = this.start();
    const rid = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(rid, { resolve, timeoutMs, timer: null, startedAt: 0, cpuAtStart: null });
      worker.postMessage({ rid, body } satisfies ThreadEnvelope<Req>);
      this.armOldest();
    });
  }

  /**
   * The thread works on its requests in order, so the oldest unanswered one is the one running: its
   * time counts from then (waiting behind others is not its own slowness).
   */
  private armOldest(): void {
    if (!this.ready) return;
    const p = this.pending.values().next().value;
    if (!p || p.timer) return;
    p.startedAt = Date.now();
    p.cpuAtStart = this.options.cpuTime && this.tid !== null ? threadCpuMs(this.tid) : null;
    this.armTimer(p, p.timeoutMs);
  }

  private armTimer(p: Pending<Rep>, ms: number): void {
    p.timer = setTimeout(() => {
      const used = this.cpuUsed(p);
      const wallLimit = p.timeoutMs * (this.options.cpuTime?.wallFactor ?? 1);
      // Not yet its own time's worth of CPU (the machine is busy): wait for the rest, within the wall cap.
      if (used !== null && used < p.timeoutMs && Date.now() - p.startedAt < wallLimit) {
        this.armTimer(p, Math.max(50, Math.min(p.timeoutMs - used, wallLimit - (Date.now() - p.startedAt))));
        return;
      }
      this.lose(`it took longer than ${Math.round(p.timeoutMs / 1000)} s`, true);
    }, timerMs(ms));
  }

  /** CPU milliseconds the thread has spent on request `p`; null when not measured. */
  private cpuUsed(p: Pending<Rep>): number | null {
    if (p.cpuAtStart === null || this.tid === null) return null;
    const now = threadCpuMs(this.tid);
    return now === null ? null : now - p.cpuAtStart;
  }

  /** Stops the thread; pending requests end as lost. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.lose('the thread was closed');
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startTsWorker(this.entry, { resourceLimits: this.resourceLimits, workerData: this.workerData });
    worker.unref();
    this.ready = false;
    this.tid = null;
    const starting = setTimeout(() => this.worker === worker && this.lose(`the thread did not start in ${START_MS / 1000} s`), START_MS);
    starting.unref();
    worker.on('message', (m: ThreadEnvelope<Rep> | ThreadId | typeof THREAD_READY) => {
      if (typeof m === 'object' && 'tid' in m) {
        this.tid = m.tid;
        return;
      }
      if (m === THREAD_READY) {
        clearTimeout(starting);
        this.ready = true;
        this.armOldest();
        return;
      }
      const { rid, body } = m;
      const p = this.pending.get(rid);
      if (!p) return;
      this.pending.delete(rid);
      if (p.timer) clearTimeout(p.timer);
      p.resolve({ ok: true, reply: body });
      this.armOldest();
    });
    worker.on('error', (e) => this.worker === worker && this.lose(e.message));
    worker.on('exit', (code) => {
      clearTimeout(starting);
      if (this.worker === worker) this.lose(`the thread exited with code ${code}`);
    });
    this.worker = worker;
    return worker;
  }

  private lose(reason: string, timedOut = false): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
    for (const [rid, p] of this.pending) {
      this.pending.delete(rid);
      if (p.timer) clearTimeout(p.timer);
      p.resolve({ ok: false, lost: reason, timedOut });
    }
  }
}
