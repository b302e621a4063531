import { EventEmitter } from 'node:events';
import type { Verdict } from '../judge/verdicts';
import type { SubmissionStatus } from '../storage/submissions';

/** What a watcher of one submission hears while it is judged. */
export type ProgressEvent =
  | { type: 'status'; status: SubmissionStatus; currentTest: number | null }
  | { type: 'test'; test: { index: number; verdict: Verdict; timeMs: number; memoryKb: number } }
  | { type: 'done'; verdict: Verdict; failedTest: number | null };

/** In-process publish/subscribe of judging progress, per submission id (feeds server-sent events). */
export class SubmissionEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open submission page; there is no meaningful cap.
    this.emitter.setMaxListeners(0);
  }

  publish(id: number, event: ProgressEvent): void {
    this.emitter.emit(String(id), event);
    if (event.type === 'done') this.emitter.emit('done', id);
  }

  /** Every submission's end (the standings' done hook); returns the function that stops listening. */
  onAnyDone(listener: (id: number) => void): () => void {
    this.emitter.on('done', listener);
    return () => this.emitter.off('done', listener);
  }

  /** Returns the function that stops listening. */
  subscribe(id: number, listener: (event: ProgressEvent) => void): () => void {
    this.emitter.on(String(id), listener);
    return () => this.emitter.off(String(id), listener);
  }

  listenerCount(id: number): number {
    return this.emitter.listenerCount(String(id));
  }
}
