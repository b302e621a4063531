/**
 * The sandbox process's main thread. It never runs program code: it keeps a worker thread per
 * loaded program (and a warm spare), watches each run's CPU time, wall time and memory from outside
 * the worker, and terminates the worker when a limit is passed. Transpiled alone and started with
 * `node -e`, so it imports nothing but Node built-ins (and types).
 */
import { Worker } from 'node:worker_threads';
import type { HostToParent, ParentToHost, RunReport, WorkerToHost } from '../protocol';
import type { RunLimits, RunStatus } from '../types';

const MiB = 1024 * 1024;
const WATCH_MS = 5;
/** A quiet moment after which a spare worker may be started without disturbing a run. */
const IDLE_MS = 25;
/** How long a terminated worker may take to stop before the process is declared stuck. */
const STOP_GRACE_MS = 500;

let workerSource = '';
let runtimeSource = '';
let program: { js: string; limits: RunLimits } | null = null;

const send = (m: HostToParent) => process.send!(m);

function report(status: RunStatus, message: string | null, timeMs = 0, memoryKb = 0, stdout = '', stderr = ''): RunReport {
  return { status, exitCode: null, stdout, stderr, message, timeMs, memoryKb };
}

const HEAP_MARGIN_MB = 64;
/** Old-generation heap for a memory limit: above it, so the RSS watchdog (not V8) decides MLE. */
const heapFor = (limits: RunLimits | undefined) => (limits?.memoryMb ?? 256) + HEAP_MARGIN_MB;
/**
 * Stack for a memory limit: 256 MiB (recursion depth 10^6 of a plain function needs ~100 MiB),
 * but below the memory limit, because a stack in use is resident memory: a program that overflows
 * its stack must get RE before its stack alone makes it MLE.
 */
const stackFor = (memoryMb: number) => Math.max(16, Math.min(256, memoryMb - 48));

class Slot {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  isReady = false;
  dead = false;
  private onReady: () => void = () => {};
  private onLoaded: (error: string | null) => void = () => {};
  private onStarted: (rssBytes: number) => void = () => {};
  private onResult: (r: RunReport) => void = () => {};
  private onDeath: (r: RunReport) => void = () => {};
  private killing: Promise<void> | null = null;
  private readonly exited: Promise<void>;

  constructor(readonly heapMb: number) {
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { runtimeSource, heapMb },
      resourceLimits: { stackSizeMb: stackFor(heapMb - HEAP_MARGIN_MB), maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 48 },
      env: {},
    });
    this.ready = new Promise((resolve) => (this.onReady = resolve));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (m: WorkerToHost) => {
      switch (m.t) {
        case 'ready':
          this.isReady = true;
          this.onReady();
          break;
        case 'loaded':
          this.onLoaded(m.error);
          break;
        case 'started':
          this.onStarted(m.rssBytes);
          break;
        case 'result':
          this.onResult(m.report);
          break;
      }
    });
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.dead = true;
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') this.onDeath(report('mle', 'Memory limit exceeded: the program ran out of heap memory.'));
      else this.onDeath(report('ie', `judge error: the sandbox worker failed: ${e.stack ?? String(e)}`));
      this.onReady();
    });
    this.worker.on('exit', () => {
      if (!this.dead) {
        this.dead = true;
        this.onDeath(report('ie', 'judge error: the sandbox worker stopped unexpectedly.'));
      }
      this.onReady();
    });
  }

  /** CPU time of the process, nanoseconds: the measure the worker reports. */
  cpuNs(): number {
    const u = process.cpuUsage();
    return (u.user + u.system) * 1000;
  }

  /** Resolves null when loaded (a program that does not compile then fails each run), or a judge error. */
  load(js: string, limits: RunLimits): Promise<string | null> {
    return new Promise((resolve) => {
      this.onLoaded = () => resolve(null);
      this.onDeath = (r) => resolve(r.message);
      this.worker.postMessage({ t: 'load', js, limits });
    });
  }

  run(input: string, limits: RunLimits): Promise<RunReport> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      const cpu0 = this.cpuNs();
      let rssBase = process.memoryUsage.rss();
      let settled = false;
      const settle = (r: RunReport) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        resolve(r);
      };
      const stop = (status: RunStatus, message: string, timeMs: number, memoryKb: number) => {
        void this.kill();
        settle(report(status, message, timeMs, memoryKb));
      };
      const watch = setInterval(() => {
        const cpuMs = (this.cpuNs() - cpu0) / 1e6;
        const wallMs = performance.now() - t0;
        const grown = process.memoryUsage.rss() - rssBase;
        if (process.env.SG_DEBUG) process.stderr.write(`watch cpu=${cpuMs} wall=${wallMs} grown=${grown}\n`);
        if (grown > limits.memoryMb * MiB) {
          stop('mle', `Memory limit exceeded: the program used more than ${limits.memoryMb} MiB.`, cpuMs, Math.round(grown / 1024));
        } else if (cpuMs > limits.timeMs) {
          stop('tle', `Time limit exceeded: the program ran for more than ${limits.timeMs} ms of CPU time and was stopped.`, cpuMs, Math.max(0, Math.round(grown / 1024)));
        } else if (wallMs > 2 * limits.timeMs + 300) {
          stop('tle', `Time limit exceeded: the program was still running (idle) after ${Math.round(wallMs)} ms of wall time and was stopped.`, Math.max(cpuMs, wallMs), Math.max(0, Math.round(grown / 1024)));
        }
      }, WATCH_MS);
      this.onStarted = (rss) => (rssBase = rss);
      this.onResult = settle;
      this.onDeath = settle;
      this.worker.postMessage({ t: 'run', input });
    });
  }

  /**
   * Stops the worker. A worker inside a long native operation (a huge Array.prototype.fill, say)
   * may not stop; then only the whole process can go, and the parent is asked to replace it.
   */
  kill(): Promise<void> {
    this.dead = true;
    this.killing ??= (async () => {
      void this.worker.terminate();
      const stopped = await Promise.race([this.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS))]);
      if (!stopped) {
        // Only replacing the process stops it; take no more work meanwhile.
        stuck = true;
        send({ t: 'stuck' });
      }
    })();
    return this.killing;
  }
}

let active: Slot | null = null;
let spare: Slot | null = null;
let spareTimer: NodeJS.Timeout | null = null;
let busy = false;
let stuck = false;

async function takeSlot(heapMb: number): Promise<Slot> {
  let slot = spare;
  spare = null;
  if (!slot || slot.dead || slot.heapMb !== heapMb) {
    if (slot) void slot.kill();
    slot = new Slot(heapMb);
  }
  await slot.ready;
  return slot;
}

/** Starts a spare worker once the sandbox has been quiet for a moment (never during a run). */
function spareWhenIdle(): void {
  if (spareTimer) clearTimeout(spareTimer);
  spareTimer = setTimeout(() => {
    spareTimer = null;
    if (!busy && (!spare || spare.dead)) spare = new Slot(heapFor(program?.limits));
  }, IDLE_MS);
}

async function load(js: string, limits: RunLimits): Promise<string | null> {
  program = { js, limits };
  const old = active;
  active = null;
  if (old) await old.kill();
  return activate();
}

async function activate(): Promise<string | null> {
  const slot = await takeSlot(heapFor(program!.limits));
  const error = await slot.load(program!.js, program!.limits);
  active = slot;
  return error;
}

async function runOne(input: string): Promise<RunReport> {
  if (!program) return report('ie', 'judge error: run before load.');
  busy = true;
  if (spareTimer) {
    clearTimeout(spareTimer);
    spareTimer = null;
  }
  try {
    if (!active || active.dead) await activate();
    // A spare still starting up would add to this run's memory: let it finish first.
    if (spare && !spare.isReady) await spare.ready;
    return await active!.run(input, program.limits);
  } finally {
    busy = false;
    spareWhenIdle();
  }
}

process.on('message', (m: ParentToHost) => {
  if (stuck) return;
  switch (m.t) {
    case 'init':
      workerSource = m.workerSource;
      runtimeSource = m.runtimeSource;
      spare = new Slot(heapFor(undefined));
      send({ t: 'ready', warnings: [] });
      break;
    case 'load':
      load(m.js, m.limits).then(
        (error) => send({ t: 'loaded', error }),
        (e: unknown) => send({ t: 'loaded', error: `judge error: ${String(e)}` }),
      );
      break;
    case 'run':
      runOne(m.input).then(
        (r) => send({ t: 'result', id: m.id, report: r }),
        (e: unknown) => send({ t: 'result', id: m.id, report: report('ie', `judge error: ${String(e)}`) }),
      );
      break;
    case 'batch':
      void (async () => {
        const reports: RunReport[] = [];
        for (const input of m.inputs) {
          try {
            reports.push(await runOne(input));
          } catch (e) {
            reports.push(report('ie', `judge error: ${String(e)}`));
          }
        }
        send({ t: 'batch', id: m.id, reports });
      })();
      break;
    case 'exit':
      process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
