import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { sandboxSources } from './build';
import { StringDecoder } from 'node:string_decoder';
import { FrameReader, frame, LIVE_IN_FD, LIVE_OUT_FD, WAKE } from './host/live-pipe';
import { Cgroup, detectLayers, joinCgroupCommand } from './layers';
import type { HostToParent, LiveInFrame, LiveOutFrame, ParentToHost, RunReport } from './protocol';
import type { LiveSession, RunLimits, RunResult, Sandbox } from './types';
import { permissionFlag } from '../platform/node-version';
import { sandboxNodeBinary } from './node-binary';
import { batchSafetyMs, cgroupMb, safetyMs, WALL_RERUNS } from '../rules/limits';
import { safetyNet } from './safety-net';
import { worstStatus } from '../rules/verdicts';

const MiB = 1024 * 1024;
/** Node runs under the permission model: the only files it may open are its own memory counters. */
const NODE_FLAGS = [
  permissionFlag(),
  '--allow-worker',
  '--allow-fs-read=/proc/self/status',
  '--allow-fs-read=/proc/self/statm',
  '--allow-fs-write=/proc/self/clear_refs',
  // The worker thread's id, and its scheduler counters: time spent waiting for a core is not the program's.
  '--allow-fs-read=/proc/thread-self',
  '--allow-fs-read=/proc/self/task/',
  '--experimental-vm-modules',
  '--no-warnings',
  '--disallow-code-generation-from-strings',
];
const OOM_TEXT = /heap out of memory|Allocation failed|Reached heap limit|Fatal process out of memory|Out of memory/i;

let warned = false;
export { WALL_RERUNS } from '../rules/limits';

/** The answer to a request, or the death of the process that was to answer it. */
type Answer = HostToParent | LiveOutFrame | { t: 'died'; report: RunReport; replaced: boolean };

interface Pending {
  resolve(m: Answer): void;
}

/**
 * The judge's side of a sandbox: one warm sandbox process (Node under the permission model, in its
 * own network and pid namespaces, as an unprivileged user, with resource limits and a cgroup), and
 * the bookkeeping that survives that process dying: a dead process is restarted and the program
 * reloaded on the next call, and the run it died in gets MLE or RE, never a hang.
 */
export class ProcessSandbox implements Sandbox {
  private child: ChildProcess | null = null;
  private starting: Promise<void> | null = null;
  private cgroup: Cgroup | null = null;
  private program: { js: string; limits: RunLimits; person: string | null } | null = null;
  private loadedInChild = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Where the output of the interactive run in progress goes. */
  private liveText: ((text: string) => void) | null = null;
  private onLoaded: ((error: string | null) => void) | null = null;
  private stderrTail = '';
  private closed = false;
  /** Set when we kill the process ourselves to replace it (a worker would not stop). */
  private replacing = false;
  /** Set when we kill it because a run outlived every limit (the sandbox's own watchdog failed). */
  private timedOut = false;

  /** Starts the sandbox process; resolves when it can take a program. */
  start(): Promise<void> {
    this.starting ??= this.spawnHost();
    return this.starting;
  }

  private spawnHost(): Promise<void> {
    const layers = detectLayers();
    if (!warned && layers.warnings.length > 0) {
      warned = true;
      for (const w of layers.warnings) console.warn(`[sandbox] ${w}`);
    }
    const sources = sandboxSources();
    if (layers.cgroup) {
      try {
        this.cgroup = new Cgroup(layers.cgroup);
      } catch {
        this.cgroup = null;
      }
    }
    const command = joinCgroupCommand(this.cgroup?.procsFiles ?? [], [...layers.prefix, sandboxNodeBinary(layers.unprivileged), ...NODE_FLAGS, '-e', sources.host]);
    // SG_SANDBOX_DEBUG=1 shows the sandbox process's stderr (and its watchdog's readings).
    const debug = process.env.SG_SANDBOX_DEBUG === '1';
    // fds 4 and 5: the interactive runs' input and output (host/live-pipe.ts).
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'pipe', 'ipc', 'pipe', 'pipe'], env: debug ? { SG_DEBUG: '1' } : {}, serialization: 'advanced' });
    this.child = child;
    const { liveIn, liveOut } = livePipes(child);
    liveIn.on('error', () => {});
    liveOut.on('error', () => {});
    const decoder = new StringDecoder('utf8');
    const frames = new FrameReader(
      (bytes) => {
        const text = decoder.write(bytes);
        if (text) this.liveText?.(text);
      },
      (value) => {
        const f = value as LiveOutFrame | null;
        if (f?.t !== 'result') return;
        const rest = decoder.end();
        if (rest) this.liveText?.(rest);
        const p = this.pending.get(f.id);
        this.pending.delete(f.id);
        p?.resolve(f);
        // Its worker would not stop: replaced now that the result is in (a stuck notice before it would lose it).
        if (f.stuck && this.child === child) {
          this.replacing = true;
          this.destroy(child);
        }
      },
    );
    liveOut.on('data', (chunk: Buffer) => frames.push(chunk));
    this.stderrTail = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-8192);
      if (debug) process.stderr.write(d);
    });
    child.on('message', (m: HostToParent) => this.onMessage(m));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
    child.on('error', () => {});
    return new Promise((resolve, reject) => {
      const fail = () => reject(new Error(`the sandbox process failed to start: ${this.stderrTail.trim() || 'no output'}`));
      child.once('exit', fail);
      this.readyWaiter = () => {
        child.removeListener('exit', fail);
        resolve();
      };
      child.send({ t: 'init', workerSource: sources.worker, runtimeSource: sources.runtime } satisfies ParentToHost);
    });
  }

  private readyWaiter: (() => void) | null = null;

  private onMessage(m: HostToParent): void {
    switch (m.t) {
      case 'ready':
        this.readyWaiter?.();
        this.readyWaiter = null;
        break;
      case 'loaded':
        this.onLoaded?.(m.error);
        this.onLoaded = null;
        break;
      case 'result':
      case 'batch': {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(m);
        break;
      }
      case 'stuck':
        this.replacing = true;
        if (this.child) this.destroy(this.child);
        break;
      case 'wake':
        if (this.child) {
          const { liveIn } = livePipes(this.child);
          if (!liveIn.destroyed) liveIn.write(WAKE);
        }
        break;
    }
  }

  /** Groups being emptied and removed, awaited by close(). */
  private readonly teardowns = new Set<Promise<unknown>>();

  /**
   * Ends a sandbox process and everything it started: the wrapper (whose death the Node process
   * follows through its parent-death signal), then every process left in its cgroup, and our ends
   * of its IPC channel and stderr pipe, so nothing of it can run on or hold the judge.
   */
  private destroy(child: ChildProcess): void {
    child.kill('SIGKILL');
    if (this.child === child && this.cgroup) this.track(this.cgroup.destroy());
    closeChannels(child);
  }

  private track(p: Promise<unknown>): void {
    this.teardowns.add(p);
    void p.finally(() => this.teardowns.delete(p));
  }

  /** The sandbox process died: fail what was in flight with the most likely cause, restart lazily. */
  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    this.starting = null;
    this.loadedInChild = false;
    const cgroup = this.cgroup;
    this.cgroup = null;
    const stderr = this.stderrTail;
    // The wrapper reports a Node process killed by the kernel's OOM killer as exit code 1: the
    // group's own counter tells.
    // A process we killed for running far past its time died of that: its memory is not asked about.
    const oom = !this.timedOut && (OOM_TEXT.test(stderr) || (cgroup?.oomKilled() ?? false));
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const status = worstStatus('re', this.timedOut && 'tle', oom && 'mle');
    const message =
      status === 'tle'
        ? 'Time limit exceeded: the program was stopped with its sandbox after running far past the limit.'
        : status === 'mle'
          ? 'Memory limit exceeded: the program ran out of memory and was killed.'
          : `Runtime error: the sandbox running the program died (${how}).`;
    const report: RunReport = { status, exitCode: null, stdout: '', stderr: '', message, timeMs: 0, memoryKb: 0 };
    this.timedOut = false;
    // Requests that were waiting behind a process we replaced did not cause its death: they run again.
    const replaced = this.replacing;
    this.replacing = false;
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.resolve({ t: 'died', report, replaced });
    }
    this.onLoaded?.(`judge error: the sandbox process died while loading (${how})`);
    this.onLoaded = null;
    // Whatever of it may still run goes now, then the channels it could hold (once they have
    // given their last words: stderr may still carry the reason it died).
    const gone = cgroup ? cgroup.destroy() : new Promise((resolve) => setTimeout(resolve, 200));
    this.track(gone.then(() => closeChannels(child)));
  }

  /** A live sandbox process with the program loaded; a process that dies on the way is replaced. */
  private async ready(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new Error('sandbox is closed');
      // A process being replaced takes nothing more: an interactive run sent to it would die with it.
      const leaving = this.replacing ? this.child : null;
      if (leaving) await new Promise<void>((resolve) => (leaving.exitCode !== null || leaving.signalCode !== null ? resolve() : leaving.once('exit', () => resolve())));
      try {
        await this.start();
        if (!this.loadedInChild && this.program) await this.sendLoad();
        if (this.child) return;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
  }

  private sendLoad(): Promise<void> {
    const { js, limits, person } = this.program!;
    // The cgroup is a backstop well above the limit and the V8 heap cap; the watchdog in the
    // sandbox gives the exact MLE.
    this.cgroup?.setMemoryLimit(cgroupMb(limits) * MiB);
    return new Promise<void>((resolve, reject) => {
      this.onLoaded = (error) => (error ? reject(new Error(error)) : resolve());
      this.child!.send({ t: 'load', js, limits, person } satisfies ParentToHost);
    }).then(() => {
      this.loadedInChild = true;
    });
  }

  async load(js: string, limits: RunLimits, person: string | null = null): Promise<void> {
    this.program = { js, limits, person };
    this.loadedInChild = false;
    await this.ready();
  }

  /** Sends a request to a live, loaded process; re-sends it if that process was replaced meanwhile. */
  private async request(make: (id: number) => ParentToHost, safetyMs: number): Promise<Answer> {
    for (;;) {
      await this.ready();
      const child = this.child!;
      const id = this.nextId++;
      const answer = await new Promise<Answer>((resolve) => {
        // The sandbox kills runs itself; if it does not answer in time (and is not just waiting
        // for a core), kill all of it.
        const due = performance.now() + safetyMs;
        const cancel = safetyNet(
          () => (this.child === child ? this.nodePid() : null),
          () => due,
          () => {
            this.timedOut = true;
            this.destroy(child);
          },
        );
        this.pending.set(id, {
          resolve: (m) => {
            cancel();
            resolve(m);
          },
        });
        child.send(make(id));
      });
      if (answer.t === 'died' && answer.replaced) continue;
      return answer;
    }
  }

  async run(input: string): Promise<RunResult> {
    if (!this.program) throw new Error('run() before load()');
    const limits = this.program.limits;
    for (let attempt = 1; ; attempt++) {
      const t0 = performance.now();
      const m = await this.request((id) => ({ t: 'run', id, input }), safetyMs(limits));
      const wallMs = performance.now() - t0;
      if (m.t === 'died') return { ...m.report, wallMs };
      if (m.t !== 'result') throw new Error('unexpected answer from the sandbox');
      // Stopped by the wall net while computing, with CPU under the limit, where the time it waited
      // for a core could not be read: the machine's load may have done it, so it runs again.
      if (m.report.wallUnsure && m.report.status === 'tle' && attempt <= WALL_RERUNS) continue;
      const { wallUnsure: _, ...report } = m.report;
      return { ...report, wallMs };
    }
  }

  /**
   * An interactive run: the session writes the program's input while it runs and gets its output
   * as written. Not re-sent when the process is replaced meanwhile (the dialogue cannot be replayed).
   */
  async play(session: LiveSession): Promise<RunResult> {
    if (!this.program) throw new Error('play() before load()');
    const limits = this.program.limits;
    await this.ready();
    const child = this.child!;
    const id = this.nextId++;
    const t0 = performance.now();
    this.liveText = session.output;
    const { liveIn } = livePipes(child);
    const theirs = new InteractorClock((ms, busy) => {
      if (this.child === child && child.connected) child.send({ t: 'interactor', id, ms, busy } satisfies ParentToHost);
    });
    const answer = await new Promise<Answer>((resolve) => {
      // The safety net, like the sandbox's wall net, counts neither the interactor's computing
      // nor the time the sandbox waited for a core.
      const cancel = safetyNet(
        () => (this.child === child ? this.nodePid() : null),
        () => t0 + safetyMs(limits) + theirs.ms(),
        () => {
          this.timedOut = true;
          child.kill('SIGKILL');
        },
      );
      this.pending.set(id, {
        resolve: (m) => {
          cancel();
          theirs.stop();
          resolve(m);
        },
      });
      const write = (data: string | Buffer) => {
        if (this.child === child && !liveIn.destroyed) liveIn.write(data);
      };
      write(frame({ t: 'play', id } satisfies LiveInFrame));
      child.send({ t: 'play', id } satisfies ParentToHost);
      session.connect({ write, end: () => write(frame({ t: 'end', id } satisfies LiveInFrame)), busy: (computing) => theirs.set(computing) });
    });
    this.liveText = null;
    const wallMs = performance.now() - t0;
    if (answer.t === 'died' || answer.t === 'result') return { ...answer.report, wallMs };
    throw new Error('unexpected answer from the sandbox');
  }

  release(): void {
    // Only between requests: a run in flight keeps its worker.
    if (this.pending.size > 0 || !this.child?.connected) return;
    try {
      this.child.send({ t: 'release' } satisfies ParentToHost);
    } catch {
      // the process is going: nothing to release
    }
  }

  /**
   * Stress runs: many small inputs in one round trip, each in a fresh context, with contexts built
   * ahead. One sandbox uses one core; to use two, run two sandboxes side by side (the stress
   * runner keeps one lane per sandbox).
   */
  async runBatch(inputs: string[]): Promise<RunResult[]> {
    if (!this.program) throw new Error('runBatch() before load()');
    if (inputs.length === 0) return [];
    const limits = this.program.limits;
    const t0 = performance.now();
    const m = await this.request((id) => ({ t: 'batch', id, inputs }), batchSafetyMs(limits, inputs.length));
    const wallMs = (performance.now() - t0) / inputs.length;
    if (m.t === 'batch') return m.reports.map((r) => ({ ...r, wallMs }));
    // The process died during the batch: the cause is reported for every input.
    if (m.t === 'died') return inputs.map(() => ({ ...m.report, wallMs }));
    throw new Error('unexpected answer from the sandbox');
  }

  /**
   * The pid of the sandbox's Node process as this process sees it (it is 1 inside its own pid
   * namespace), for diagnostics and the layer tests; null when it is not running.
   */
  nodePid(): number | null {
    const wrapper = this.child?.pid;
    if (wrapper === undefined) return null;
    if (detectLayers().prefix.length === 0) return wrapper;
    // The wrapper execs into unshare (or straight into setpriv/prlimit/node): the Node process is
    // the wrapper itself or its one child.
    const isNode = (pid: number | string) => {
      try {
        return readlinkSync(`/proc/${pid}/exe`) === realpathSync(sandboxNodeBinary(detectLayers().unprivileged));
      } catch {
        return false;
      }
    };
    if (isNode(wrapper)) return wrapper;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === wrapper && isNode(entry)) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    return null;
  }

  /** The cgroup directories of the current sandbox process (for diagnostics and the containment tests). */
  groupPaths(): string[] {
    return this.cgroup?.paths ?? [];
  }

  /**
   * Stops the sandbox process, at once: a run in progress ends (as if its process died), and
   * close() resolves once every process of it is gone and its cgroup removed.
   */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (child) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.destroy(child);
      await exited;
    }
    await Promise.all([...this.teardowns]);
  }
}

/** Closes our ends of a sandbox process's IPC channel and stderr pipe. */
function closeChannels(child: ChildProcess): void {
  try {
    if (child.connected) child.disconnect();
  } catch {
    // already closed
  }
  child.stderr?.destroy();
  const { liveIn, liveOut } = livePipes(child);
  liveIn.destroy();
  liveOut.destroy();
}

/** The interactive runs' pipes (Node's types know only the first five stdio entries). */
function livePipes(child: ChildProcess): { liveIn: Writable; liveOut: Readable } {
  const stdio = child.stdio as unknown as (Readable & Writable)[];
  return { liveIn: stdio[LIVE_IN_FD]!, liveOut: stdio[LIVE_OUT_FD]! };
}

/** How often at most the interactor's computing time is told to the sandbox process (a round trip is far shorter). */
const INTERACTOR_TELL_MS = 20;

/**
 * The interactor's computing time in one live run, told to the sandbox process at most every
 * INTERACTOR_TELL_MS (with whether it computes now, so the sandbox counts the rest itself).
 */
class InteractorClock {
  private total = 0;
  private since: number | null = null;
  private toldAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly tell: (ms: number, busy: boolean) => void) {}

  ms(): number {
    return this.total + (this.since === null ? 0 : performance.now() - this.since);
  }

  set(computing: boolean): void {
    if (computing === (this.since !== null)) return;
    if (computing) this.since = performance.now();
    else {
      this.total += performance.now() - this.since!;
      this.since = null;
    }
    if (this.timer) return;
    const wait = this.toldAt + INTERACTOR_TELL_MS - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    this.toldAt = performance.now();
    try {
      this.tell(this.ms(), this.since !== null);
    } catch {
      // the sandbox process is gone: its run ends without us
    }
  }
}
