/**
 * Lab jobs: computations too long for an HTTP request (student code in the sandbox, big tables).
 * They are kept in memory (a table is cheap to compute again, and nothing else refers to it), run
 * one at a time in the lab's worker thread, and forgotten an hour after they finish.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../platform/ts-worker';
import type { LabRequest, LabResult } from './lab';
import type { FromLabThread, ToLabThread } from './lab-thread';

export type LabJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface LabJob {
  id: number;
  status: LabJobStatus;
  /** While running: what the thread is doing. */
  phase: 'compiling' | 'computing' | null;
  request: LabRequest;
  result: LabResult | null;
  error: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

const KEEP_MS = 60 * 60 * 1000;
/** Finished jobs kept at most (a result can be megabytes). */
const KEEP_FINISHED = 200;
/** Most jobs waiting at once: beyond it a new one is refused (429) rather than queued for ever. */
export const MAX_WAITING = 50;
/** A job running this long is stopped (its thread replaced): the sandbox's own limit is 10 s of CPU. */
const JOB_WALL_MS = 120_000;

export class LabJobs {
  private readonly jobs = new Map<number, LabJob>();
  private readonly waiting: number[] = [];
  private nextId = 1;
  private worker: Worker | null = null;
  private ready = false;
  private current: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly log: (line: string) => void = () => {}) {}

  /** Queues a request; null when too many are waiting. */
  submit(request: LabRequest): LabJob | null {
    this.expire();
    if (this.waiting.length >= MAX_WAITING) return null;
    const job: LabJob = { id: this.nextId++, status: 'queued', phase: null, request, result: null, error: null, createdAt: Date.now(), startedAt: null, finishedAt: null };
    this.jobs.set(job.id, job);
    this.waiting.push(job.id);
    this.pump();
    return job;
  }

  get(id: number): LabJob | null {
    return this.jobs.get(id) ?? null;
  }

  /** Jobs ahead of this one in the queue (0 when it runs or is done). */
  position(id: number): number {
    const i = this.waiting.indexOf(id);
    return i < 0 ? 0 : i;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (this.timer) clearTimeout(this.timer);
    if (!w) return;
    const closed = new Promise<void>((resolve) => w.on('message', (m: FromLabThread) => m.type === 'closed' && resolve()));
    w.postMessage({ type: 'close' } satisfies ToLabThread);
    await Promise.race([closed, new Promise((r) => setTimeout(r, 3000).unref())]);
    await w.terminate();
  }

  private start(): Worker {
    const w = startTsWorker(new URL('./lab-thread.ts', import.meta.url));
    // The lab never keeps the server alive by itself.
    w.unref();
    this.ready = false;
    w.on('message', (m: FromLabThread) => this.onMessage(w, m));
    w.on('error', (e) => this.log(`lab thread: ${e.stack ?? e.message}`));
    w.on('exit', (code) => {
      if (this.worker !== w) return;
      this.worker = null;
      this.ready = false;
      if (this.current !== null) this.finish(this.current, null, `lab error: the lab thread stopped (exit code ${code})`);
      this.pump();
    });
    return w;
  }

  private onMessage(w: Worker, m: FromLabThread): void {
    if (w !== this.worker) return;
    if (m.type === 'ready') {
      this.ready = true;
      this.pump();
      return;
    }
    if (m.type === 'closed') return;
    if (m.id !== this.current) return;
    const job = this.jobs.get(m.id);
    if (!job) return;
    if (m.type === 'phase') job.phase = m.phase;
    else if (m.type === 'done') this.finish(m.id, m.result, null);
    else if (m.type === 'failed') {
      if (m.internal) this.log(`lab job ${m.id}: ${m.error}`);
      this.finish(m.id, null, m.error);
    }
  }

  private finish(id: number, result: LabResult | null, error: string | null): void {
    const job = this.jobs.get(id);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = null;
    if (job) {
      job.status = result ? 'done' : 'failed';
      job.result = result;
      job.error = error;
      job.phase = null;
      job.finishedAt = Date.now();
    }
    this.pump();
  }

  private pump(): void {
    if (this.current !== null || this.waiting.length === 0) return;
    if (!this.worker) this.worker = this.start();
    if (!this.ready) return;
    const id = this.waiting.shift()!;
    const job = this.jobs.get(id)!;
    job.status = 'running';
    job.startedAt = Date.now();
    this.current = id;
    this.worker.postMessage({ type: 'job', id, request: job.request } satisfies ToLabThread);
    const w = this.worker;
    this.timer = setTimeout(() => {
      if (this.current !== id) return;
      if (this.worker === w) {
        this.worker = null;
        this.ready = false;
      }
      void w.terminate();
      this.finish(id, null, `The computation took over ${JOB_WALL_MS / 1000} s and was stopped; choose a smaller range.`);
    }, JOB_WALL_MS);
    this.timer.unref();
  }

  /** Forgets jobs finished over an hour ago, and the oldest finished ones beyond KEEP_FINISHED. */
  private expire(): void {
    const now = Date.now();
    const finished: number[] = [];
    for (const [id, job] of this.jobs) {
      if (job.finishedAt === null) continue;
      if (now - job.finishedAt > KEEP_MS) this.jobs.delete(id);
      else finished.push(id);
    }
    for (const id of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(id);
  }
}
