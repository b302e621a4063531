/**
 * The sandbox process's main thread. It never runs program code: it keeps a worker thread per
 * loaded program (and a warm spare), watches each run's CPU time, wall time and memory from outside
 * the worker, and terminates the worker when a limit is passed. Started with `node -e`: the modules
 * it imports by relative path are inlined at build time (server/sandbox/build.ts).
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { HostToParent, HostToWorker, LiveOutFrame, ParentToHost, RunReport, WorkerInit, WorkerToHost } from '../protocol';
import type { RunLimits, RunStatus } from '../types';
import { frame, LIVE_OUT_FD, liveLink, WAIT_END, WAIT_MORE, WAIT_NONE, waitingOf, writeAllSync, type LiveLink } from './live-pipe';
import { afterEndMs, DEFAULT_MEMORY_MB, MLE_SUSTAIN_MS, oldGenerationMb, rssCeilingKb, stackMb, wallClockMs, youngGenerationMb } from '../../rules/limits';
import { worstStatus } from '../../rules/verdicts';
import { sandboxSaid, type SandboxSaid } from '../../text/sandbox-messages';

const MiB = 1024 * 1024;
const DEBUG = process.env.SG_DEBUG === '1';
const WATCH_MS = 5;
/** How often the watchdog asks the worker whether the program is computing. */
const PING_MS = 100;
/** A quiet moment after which a spare worker may be started without disturbing a run. */
const IDLE_MS = 25;
/**
 * A terminated worker that computes this much more without stopping is stuck in native code (a huge
 * sort, say), and only replacing the process stops it. Counted in CPU time, not wall time: on a
 * loaded machine a worker tearing itself down may wait longer than this for a core, and is not stuck.
 */
const STOP_GRACE_CPU_MS = 500;
/** A terminated worker still there after this much wall time is stuck, computing or not. */
const STOP_GRACE_WALL_MS = 3000;

let workerSource = '';
let runtimeSource = '';
/** The runtime's code cache, from the first worker that made one (see WorkerInit). */
let runtimeCache: Uint8Array | null = null;
let program: { js: string; limits: RunLimits; person: string | null } | null = null;

const send = (m: HostToParent) => process.send!(m);

/** This thread's CPU time, nanoseconds: taken off the program's (the worker's cpuNs). */
function hostCpuNs(): number {
  const u = process.threadCpuUsage();
  return (u.user + u.system) * 1000;
}

/** The program's CPU time as the worker measures it: the process's, less this thread's. */
function cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000 - hostCpuNs();
}

/**
 * How long a thread of this process has spent runnable but waiting for a core, ns: the second
 * field of /proc/self/task/<tid>/schedstat (Linux with schedstats). NaN when it cannot be read.
 */
function runQueueNs(tid: string | null): number {
  if (tid === null) return NaN;
  try {
    const fields = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ');
    return fields.length >= 2 ? Number(fields[1]) : NaN;
  } catch {
    return NaN;
  }
}

function report(status: RunStatus, message: string | ReturnType<typeof sandboxSaid> | null, timeMs = 0, memoryKb = 0, stdout = '', stderr = ''): RunReport {
  if (message === null || typeof message === 'string') return { status, exitCode: null, stdout, stderr, message, timeMs, memoryKb };
  return { status, exitCode: null, stdout, stderr, ...message, timeMs, memoryKb };
}

/** V8 heap caps and stack for a memory limit (why each: server/rules/limits.ts). */
const heapFor = (memoryMb: number) => ({
  maxOldGenerationSizeMb: oldGenerationMb({ memoryMb }),
  maxYoungGenerationSizeMb: youngGenerationMb({ memoryMb }),
  stackSizeMb: stackMb({ memoryMb }),
});
const memoryOf = (limits: RunLimits | undefined) => limits?.memoryMb ?? DEFAULT_MEMORY_MB;
/** How long a heap reading may take before the worker is taken to be stuck in native code. */
const CONFIRM_WAIT_MS = 250;

class Slot {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  isReady = false;
  dead = false;
  /** The worker thread's id in /proc/self/task, whose run-queue wait is read; null where it cannot be. */
  tid: string | null = null;
  /** Whose programs this worker has run (null: not to be kept for anyone), and how many. */
  person: string | null = null;
  programs = 0;
  /** Whether it may wait for its person's next program: alive, no live game played, under KEEP_PROGRAMS. */
  get keepable(): boolean {
    return !this.dead && !this.readsLive && this.person !== null && this.programs < KEEP_PROGRAMS;
  }
  private pinging = false;
  private lastPing = 0;
  private lastPong = 0;
  private onReady: () => void = () => {};
  private onLoaded: (error: string | null) => void = () => {};
  private onResults: (from: number, reports: RunReport[]) => void = () => {};
  private onDone: () => void = () => {};
  private readonly watch = new Float64Array(new SharedArrayBuffer(4 * 8));
  private onDeath: (r: RunReport) => void = () => {};
  private killing: Promise<void> | null = null;
  /** Set once the worker has run an interactive game: it may be blocked reading the live pipe. */
  private readsLive = false;
  private readonly exited: Promise<void>;

  /** `memoryMb`: the memory limit the worker is sized for. */
  constructor(readonly memoryMb: number) {
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { runtimeSource, watch: this.watch.buffer, ...(runtimeCache && { runtimeCache }) } satisfies WorkerInit,
      resourceLimits: heapFor(memoryMb),
      env: {},
    });
    this.ready = new Promise((resolve) => (this.onReady = resolve));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (m: WorkerToHost) => {
      switch (m.t) {
        case 'ready':
          this.tid = m.tid;
          if (m.runtimeCache instanceof Uint8Array) runtimeCache ??= m.runtimeCache;
          this.isReady = true;
          this.onReady();
          break;
        case 'loaded':
          this.onLoaded(m.error);
          break;
        case 'results':
          this.onResults(m.from, m.reports);
          if (m.last) this.onDone();
          break;
        case 'done':
          this.onDone();
          break;
        case 'pong':
          this.lastPong = performance.now();
          this.pinging = false;
          break;
        case 'wake-at':
          wakeAt(m.at);
          break;
      }
    });
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.dead = true;
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') this.onDeath(report('mle', sandboxSaid('sandbox.mle-heap')));
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

  /** Resolves null when loaded (a program that does not compile then fails each run), or a judge error. */
  load(js: string, limits: RunLimits): Promise<string | null> {
    return new Promise((resolve) => {
      this.onLoaded = () => resolve(null);
      this.onDeath = (r) => resolve(r.message);
      this.worker.postMessage({ t: 'load', js, limits });
    });
  }

  /**
   * Runs inputs in order, each in a fresh context, watching every run from here: over the time
   * limit in CPU, over the wall clock (server/rules/limits.ts), or over the memory limit in RSS
   * growth, the worker is terminated. Reports the runs that finished, in order; when the worker
   * was stopped, the last report is the stopped run's (runs that finished before it but were not
   * reported yet are lost with the worker, and run again by the caller).
   */
  runMany(inputs: string[], limits: RunLimits, onReport: (index: number, r: RunReport) => void, live?: LiveLink): Promise<void> {
    return new Promise((resolve) => {
      const watchView = this.watch;
      const startCount = watchView[2]!;
      let seen = startCount;
      /** The run in progress, from the shared counter of runs started. */
      const index = () => Math.max(0, watchView[2]! - startCount - 1);
      let caseWall = performance.now();
      /** The worker thread's run-queue wait at the start of the run in progress, ns (NaN: unknown). */
      let queuedFrom = runQueueNs(this.tid);
      let idleSince: number | null = null;
      /** Whether a heap reading is under way, and the run whose heap was found over the limit. */
      let confirming = false;
      let askedAt = 0;
      /** Since when resident memory has been over the limit without a break. */
      let overSince: number | null = null;
      let heapOver = -1;
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        resolve();
      };
      const stop = (status: RunStatus, message: string | ReturnType<typeof sandboxSaid>, timeMs: number, memoryKb: number, wallUnsure = false) => {
        void this.kill();
        const r = report(status, message, timeMs, memoryKb);
        if (wallUnsure) r.wallUnsure = true;
        onReport(index(), r);
        settle();
      };
      const timer = setInterval(() => {
        // The worker answers a ping only when the program is not computing: how idleness is told
        // apart from a busy program starved by a loaded machine.
        if (!this.pinging && performance.now() - this.lastPing > PING_MS) {
          this.pinging = true;
          this.lastPing = performance.now();
          this.worker.postMessage({ t: 'ping' });
        }
        watchView[3] = hostCpuNs();
        if (watchView[2] !== seen) {
          seen = watchView[2]!;
          caseWall = performance.now();
          queuedFrom = runQueueNs(this.tid);
        }
        const cpuStart = watchView[0]!;
        if (Number.isNaN(cpuStart)) {
          // Between runs the worker only prepares the next context; if it stays busy far longer,
          // code of the last run is still going (a finalizer, say): that is the run's time too.
          idleSince ??= performance.now();
          if (performance.now() - idleSince > afterEndMs(limits)) stop('tle', sandboxSaid('sandbox.tle-after-end'), limits.timeMs, 0);
          return;
        }
        idleSince = null;
        const cpuMs = (cpuNs() - cpuStart) / 1e6;
        const wallMs = performance.now() - caseWall;
        const grownKb = Math.max(0, Math.round((process.memoryUsage.rss() - watchView[1]!) / 1024));
        if (DEBUG) process.stderr.write(`watch cpu=${cpuMs} wall=${wallMs} grown=${grownKb}\n`);
        let overMemory = false;
        if (grownKb > limits.memoryMb * 1024) {
          // Resident memory counts garbage not collected yet (buffers outside the heap above all,
          // which V8 frees some time after they die): MLE when it is past what garbage can explain,
          // or when it has stayed over the limit for a while and the heap and its buffers confirm
          // it. A reading that does not come means a worker stuck in native code, where nothing
          // is being collected either: resident memory is believed then.
          const now = performance.now();
          overSince ??= now;
          const unanswered = confirming && now - askedAt > CONFIRM_WAIT_MS;
          overMemory = grownKb > rssCeilingKb(limits) || ((heapOver === seen || unanswered) && now - overSince >= MLE_SUSTAIN_MS);
          if (!overMemory && !confirming) {
            confirming = true;
            askedAt = now;
            const run = seen;
            this.worker.getHeapStatistics().then(
              (h) => {
                confirming = false;
                heapOver = h.used_heap_size + h.external_memory > limits.memoryMb * MiB ? run : -1;
              },
              () => (confirming = false),
            );
          }
        } else {
          overSince = null;
        }
        const overCpu = cpuMs > limits.timeMs;
        // The wall net catches a program that sleeps or blocks; time it spent runnable but waiting
        // for a core (a loaded machine) is not its own, so it is taken off first. Read only once
        // the plain wall time is past the net: a quiet run never pays for the read.
        let queuedMs = 0;
        let unsure = false;
        if (wallMs > wallClockMs(limits)) {
          queuedMs = (runQueueNs(this.tid) - queuedFrom) / 1e6;
          if (Number.isNaN(queuedMs)) {
            queuedMs = 0;
            unsure = true;
          }
        }
        // So is the time the interactor of a live run spent computing its answers (in the judge).
        const theirs = live ? interactorMs() : 0;
        const idle = wallMs - queuedMs - theirs > wallClockMs(limits);
        // Both may hold in one reading: the verdict table says which wins.
        const verdict = worstStatus(overMemory && 'mle', (overCpu || idle) && 'tle');
        if (verdict === 'mle') {
          stop('mle', sandboxSaid('sandbox.mle-over', limits.memoryMb), cpuMs, grownKb);
        } else if (verdict === 'tle' && overCpu) {
          stop('tle', sandboxSaid('sandbox.tle-stopped', limits.timeMs), cpuMs, grownKb);
        } else if (verdict === 'tle') {
          // A program that used little of that time on the CPU was waiting (for input or a timer):
          // Codeforces calls it idleness. One that kept computing was starved by a loaded machine.
          // What a live run waits for is read now: once stopped, the worker's read returns.
          const waited = live ? waitingOf(live) : WAIT_NONE;
          const waiting = performance.now() - this.lastPong < 3 * PING_MS || waited !== WAIT_NONE;
          // With the run-queue wait known and taken off, what is left is time the program's thread
          // was not runnable at all: it slept or blocked (Atomics.wait, say), it was not computing.
          const why = sandboxSaid(waiting ? 'sandbox.why-waiting' : unsure ? 'sandbox.why-loaded' : 'sandbox.why-blocked');
          const queued = queuedMs >= 1 ? sandboxSaid('sandbox.wall-queued', Math.round(queuedMs)) : '';
          const interactorNote = theirs >= 1 ? sandboxSaid('sandbox.wall-interactor', Math.round(theirs)) : '';
          stop('tle', idleMessage(waited, sandboxSaid('sandbox.tle-wall', Math.round(wallMs), queued, interactorNote, Math.round(cpuMs), why)), Math.max(cpuMs, wallMs - queuedMs - theirs), grownKb, unsure && !waiting);
        }
      }, WATCH_MS);
      this.onResults = (from, reports) => {
        reports.forEach((r, i) => onReport(from + i, r));
        // Taking results in during a batch's next run is this thread's work, not the program's:
        // published at once, not at the watchdog's next tick, which may come after a short run's end.
        watchView[3] = hostCpuNs();
      };
      this.onDone = settle;
      this.onDeath = (r) => {
        onReport(index(), r);
        settle();
      };
      watchView[3] = hostCpuNs();
      if (live) this.readsLive = true;
      this.worker.postMessage({ t: 'run', inputs, live });
    });
  }

  /** Whether the terminated worker exits before STOP_GRACE_CPU_MS more of computing, or STOP_GRACE_WALL_MS. */
  private stopsInTime(): Promise<boolean> {
    const cpuFrom = cpuNs();
    const wallFrom = performance.now();
    let wokenAt = wallFrom;
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if ((cpuNs() - cpuFrom) / 1e6 > STOP_GRACE_CPU_MS || now - wallFrom > STOP_GRACE_WALL_MS) {
          clearInterval(timer);
          resolve(false);
        } else if (this.readsLive && now - wokenAt > PING_MS) {
          // A wake byte the worker read before it was told to stop woke it only to block again.
          wokenAt = now;
          send({ t: 'wake' });
        }
      }, WATCH_MS);
      void this.exited.then(() => {
        clearInterval(timer);
        resolve(true);
      });
    });
  }

  /**
   * Stops the worker. A worker inside a long native operation (a huge Array.prototype.fill, say)
   * may not stop; then only the whole process can go, and the parent is asked to replace it.
   */
  kill(): Promise<void> {
    this.dead = true;
    if (this.killing) return this.killing;
    this.killing = (async () => {
      // Told to stop first, then woken: a worker blocked reading live input stops once its read
      // returns, and one woken before it was told would go back to blocking.
      void this.worker.terminate();
      if (this.readsLive) send({ t: 'wake' });
      if (!(await this.stopsInTime())) {
        // Only replacing the process stops it; take no more work meanwhile. An interactive run's
        // result says so itself, after it (runLive): the parent must not replace the process first.
        stuck = true;
        if (!liveResultOwed) send({ t: 'stuck' });
      }
    })();
    dying.add(this.killing);
    void this.killing.finally(() => dying.delete(this.killing!));
    return this.killing;
  }
}

/** Workers being stopped: an interactive result waits for them, so none can still write output after it. */
const dying = new Set<Promise<void>>();
let active: Slot | null = null;
let spare: Slot | null = null;
/**
 * The worker of the last person's program, idle, kept for that person's next one: a fresh worker
 * costs tens of milliseconds of start-up per submission. Never given to another person's program.
 */
let kept: Slot | null = null;
let spareTimer: NodeJS.Timeout | null = null;
let busy = false;
let stuck = false;
/** A kept worker takes at most this many programs, then a fresh one starts (its heap stays small). */
const KEEP_PROGRAMS = 20;
/** Whether the program loaded last went to its person's kept worker (they submit one after another). */
let lastLoadKept = false;
/**
 * Quiet this long after a kept worker's program, a spare starts for someone else's. Sooner, it
 * would still be starting when the same person's next program arrives (a compile later) and be
 * stopped unused: tens of milliseconds of CPU for nothing, on the core the judge compiles on.
 */
const SPARE_AFTER_KEPT_MS = 250;

async function takeSlot(memoryMb: number): Promise<Slot> {
  let slot = spare;
  spare = null;
  if (!slot || slot.dead || slot.memoryMb !== memoryMb) {
    if (slot) void slot.kill();
    slot = new Slot(memoryMb);
  }
  await slot.ready;
  return slot;
}

/** Starts a spare worker once the sandbox has been quiet for `quietMs` (never during a run). */
function spareWhenIdle(quietMs = IDLE_MS): void {
  if (spareTimer) clearTimeout(spareTimer);
  spareTimer = setTimeout(() => {
    spareTimer = null;
    if (!busy && (!spare || spare.dead)) spare = new Slot(memoryOf(program?.limits));
  }, quietMs);
}

async function load(js: string, limits: RunLimits, person: string | null): Promise<string | null> {
  program = { js, limits, person };
  const mine = active ?? kept;
  if (spareTimer) {
    clearTimeout(spareTimer);
    spareTimer = null;
  }
  lastLoadKept = false;
  if (person !== null && mine?.keepable && mine.person === person && mine.memoryMb === memoryOf(limits)) {
    active = mine;
    kept = null;
    lastLoadKept = true;
    // A spare still starting would add its CPU time to this program's runs: stopped now, started
    // again once the sandbox is quiet. A ready spare computes nothing and stays.
    const stopping = spare && !spare.isReady ? spare.kill() : undefined;
    if (stopping) spare = null;
    mine.programs++;
    try {
      return await mine.load(js, limits);
    } finally {
      await Promise.all([stopping, ...dying]);
    }
  }
  const old = active;
  const idle = kept;
  active = null;
  kept = null;
  // The old worker stops while the new one loads; it is gone before the first run, so no run's
  // memory or CPU time counts any of it.
  const stopped = Promise.all([old?.kill(), idle?.kill()]);
  try {
    return await activate();
  } finally {
    // Any worker still stopping (this one, or one a release stopped) is gone before the first run.
    await Promise.all([stopped, ...dying]);
  }
}

async function activate(): Promise<string | null> {
  const slot = await takeSlot(memoryOf(program!.limits));
  const error = await slot.load(program!.js, program!.limits);
  slot.person = program!.person;
  slot.programs = 1;
  active = slot;
  return error;
}

/**
 * Runs inputs in order. When a worker is stopped (a limit, or it died), the stopped run keeps its
 * verdict, and the inputs it had not reported on go on in a new worker.
 */
async function runAll(inputs: string[], live?: LiveLink): Promise<RunReport[]> {
  if (!program) return inputs.map(() => report('ie', 'judge error: run before load.'));
  busy = true;
  if (spareTimer) {
    clearTimeout(spareTimer);
    spareTimer = null;
  }
  const reports: (RunReport | undefined)[] = new Array(inputs.length);
  try {
    for (;;) {
      const todo: number[] = [];
      for (let i = 0; i < inputs.length; i++) if (reports[i] === undefined) todo.push(i);
      if (todo.length === 0) break;
      if (!active || active.dead) await activate();
      // A spare still starting up would add to this run's memory: let it finish first.
      if (spare && !spare.isReady) await spare.ready;
      let got = 0;
      await active!.runMany(
        todo.map((i) => inputs[i]!),
        program.limits,
        (k, r) => {
          reports[todo[k]!] = r;
          got++;
        },
        live,
      );
      if (got === 0) reports[todo[0]!] = report('ie', 'judge error: the sandbox worker gave no result.');
    }
  } finally {
    busy = false;
    spareWhenIdle();
  }
  return reports as RunReport[];
}

/**
 * The judge is done with the program for now. Its worker is stopped and a spare started at once,
 * while nothing runs: starting a worker costs tens of milliseconds, which the next load would
 * otherwise wait for (a spare is otherwise started only after IDLE_MS of quiet). The program is
 * kept: a later run of it takes the spare.
 */
function release(): void {
  if (busy || play) return;
  if (spareTimer) {
    clearTimeout(spareTimer);
    spareTimer = null;
  }
  const old = active;
  active = null;
  // A worker that ran a person's program waits, idle, for their next one; any other is stopped, and
  // so is one that played a live game (it may still be blocked reading the live pipe).
  if (old?.keepable) {
    void kept?.kill();
    kept = old;
    old.worker.postMessage({ t: 'tidy' } satisfies HostToWorker);
  } else void old?.kill();
  if (spare && !spare.dead) return;
  // A person who submits one program after another keeps their worker: the spare is for whoever
  // comes next, and is started at once unless that is most likely them again.
  if (lastLoadKept && kept === old) spareWhenIdle(SPARE_AFTER_KEPT_MS);
  else spare = new Slot(memoryOf(program?.limits));
}

/** The interactive run in progress. */
let play: { id: number } | null = null;
/** Its interactor's computing time as the judge last told it (see ParentToHost 'interactor'). */
let interactor = { ms: 0, busy: false, at: 0 };
/** The interactor's computing time in the live run so far, ms. */
function interactorMs(): number {
  return interactor.ms + (interactor.busy ? performance.now() - interactor.at : 0);
}
/** From the start of an interactive run until its result is written (a stuck notice then rides on the result). */
let liveResultOwed = false;
let wakeTimer: NodeJS.Timeout | null = null;

/** A worker blocked reading live input has a timer due at `at` (ms since the epoch): wake it then. */
function wakeAt(at: number): void {
  if (!play) return;
  if (wakeTimer) clearTimeout(wakeTimer);
  wakeTimer = setTimeout(
    () => {
      wakeTimer = null;
      if (play) send({ t: 'wake' });
    },
    Math.max(0, at - (performance.timeOrigin + performance.now())),
  );
}

/**
 * An interactive run: one fresh context, reading its input from the live pipe and writing its
 * output to the other (host/live-pipe.ts); the result is framed after the last of that output.
 */
async function runLive(id: number): Promise<void> {
  const link = liveLink(id);
  play = { id };
  interactor = { ms: 0, busy: false, at: 0 };
  liveResultOwed = true;
  let r: RunReport;
  try {
    [r] = (await runAll([''], link)) as [RunReport];
  } catch (e) {
    r = report('ie', `judge error: ${String(e)}`);
  } finally {
    play = null;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
  }
  // A stopped worker may still be writing: its last output goes before the result. One that would
  // not stop writes nothing more that counts: the parent takes the result, then replaces the process.
  await Promise.all([...dying]);
  liveResultOwed = false;
  try {
    writeAllSync(LIVE_OUT_FD, frame({ t: 'result', id, report: r, ...(stuck && { stuck: true }) } satisfies LiveOutFrame));
  } catch {
    // the judge closed the pipe: it is replacing this process
  }
}

/** The watchdog's idleness message, saying what an interactive program was waiting for when stopped. */
function idleMessage(waited: number, message: SandboxSaid): SandboxSaid {
  if (waited === WAIT_END) return sandboxSaid('sandbox.idle-read-end', message);
  if (waited === WAIT_MORE) return sandboxSaid('sandbox.idle-waiting-input', message);
  return message;
}

process.on('message', (m: ParentToHost) => {
  if (stuck) return;
  switch (m.t) {
    case 'init':
      workerSource = m.workerSource;
      runtimeSource = m.runtimeSource;
      spare = new Slot(memoryOf(undefined));
      send({ t: 'ready' });
      break;
    case 'load':
      load(m.js, m.limits, typeof m.person === 'string' && m.person.length > 0 && m.person.length <= 200 ? m.person : null).then(
        (error) => send({ t: 'loaded', error }),
        (e: unknown) => send({ t: 'loaded', error: `judge error: ${String(e)}` }),
      );
      break;
    case 'run':
      runAll([m.input]).then(
        (r) => send({ t: 'result', id: m.id, report: r[0]! }),
        (e: unknown) => send({ t: 'result', id: m.id, report: report('ie', `judge error: ${String(e)}`) }),
      );
      break;
    case 'batch':
      runAll(m.inputs).then(
        (reports) => send({ t: 'batch', id: m.id, reports }),
        (e: unknown) => send({ t: 'batch', id: m.id, reports: m.inputs.map(() => report('ie', `judge error: ${String(e)}`)) }),
      );
      break;
    case 'play':
      if (!play) void runLive(m.id);
      break;
    case 'interactor':
      if (play?.id === m.id) interactor = { ms: m.ms, busy: m.busy, at: performance.now() };
      break;
    case 'release':
      release();
      break;
    case 'exit':
      process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
