import type { ResourceLimits } from 'node:worker_threads';
import { RequestThread, type ThreadAnswer } from '../platform/request-thread';
import type { BuildReply, CheckReply, ImportThreadRequest } from './import-thread';

type ReplyTo<R extends ImportThreadRequest> = R extends { type: 'build' } ? BuildReply : CheckReply;

/** A request's end: the thread's reply, or why the thread was lost on the way (it is replaced). */
export type Answer<T> = ThreadAnswer<T>;

/**
 * One import thread, started on first use, answering requests in order. A request that overruns
 * its time, or a thread that dies, ends every pending request with the reason; the next request
 * starts a fresh thread.
 */
export class ImportThread {
  private readonly thread: RequestThread<ImportThreadRequest, BuildReply | CheckReply>;

  /** `nice`: the thread's scheduling priority (threads inherit their creator's, maybe the HTTP thread's boosted one). */
  constructor(resourceLimits: ResourceLimits = {}, nice: number | null = null) {
    // A package that allocates without bound fails alone instead of taking the process down.
    this.thread = new RequestThread(new URL('./import-thread.ts', import.meta.url), resourceLimits, { nice });
  }

  request<R extends ImportThreadRequest>(body: R, timeoutMs: number): Promise<Answer<ReplyTo<R>>> {
    return this.thread.request(body, timeoutMs) as Promise<Answer<ReplyTo<R>>>;
  }

  /** Stops the thread; pending requests end as lost. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
