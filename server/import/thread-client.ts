import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startTsWorker } from '../platform/ts-worker';
import type { BuildReply, CheckReply, Envelope, ImportThreadRequest } from './import-thread';

type ReplyTo<R extends ImportThreadRequest> = R extends { type: 'build' } ? BuildReply : CheckReply;

/** A request's end: the thread's reply, or why the thread was lost on the way (it is replaced). */
export type Answer<T> = { ok: true; reply: T } | { ok: false; lost: string; timedOut: boolean };

interface Pending {
  resolve: (a: Answer<BuildReply | CheckReply>) => void;
  timer: NodeJS.Timeout;
}

/**
 * One import thread, started on first use, answering requests in order. A request that overruns
 * its time, or a thread that dies, ends every pending request with the reason; the next request
 * starts a fresh thread.
 */
export class ImportThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `nice`: the thread's scheduling priority (threads inherit their creator's, maybe the HTTP thread's boosted one). */
  constructor(
    private readonly resourceLimits: ResourceLimits = {},
    private readonly nice: number | null = null,
  ) {}

  request<R extends ImportThreadRequest>(body: R, timeoutMs: number): Promise<Answer<ReplyTo<R>>> {
    const worker = this.start();
    const rid = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.lose(`it took longer than ${Math.round(timeoutMs / 1000)} s`, true), timeoutMs);
      this.pending.set(rid, { resolve: resolve as Pending['resolve'], timer });
      worker.postMessage({ rid, body } satisfies Envelope<ImportThreadRequest>);
    });
  }

  /** Stops the thread; pending requests end as lost. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.lose('the import thread was closed');
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // A package that allocates without bound fails alone instead of taking the process down.
    const worker = startTsWorker(new URL('./import-thread.ts', import.meta.url), { resourceLimits: this.resourceLimits, workerData: { nice: this.nice } });
    worker.unref();
    worker.on('message', ({ rid, body }: Envelope<BuildReply | CheckReply>) => {
      const p = this.pending.get(rid);
      if (!p) return;
      this.pending.delete(rid);
      clearTimeout(p.timer);
      p.resolve({ ok: true, reply: body });
    });
    worker.on('error', (e) => this.worker === worker && this.lose(e.message));
    worker.on('exit', (code) => this.worker === worker && this.lose(`the import thread exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private lose(reason: string, timedOut = false): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
    for (const [rid, p] of this.pending) {
      this.pending.delete(rid);
      clearTimeout(p.timer);
      p.resolve({ ok: false, lost: reason, timedOut });
    }
  }
}
