/**
 * The sandbox worker thread: runs one loaded program, each run in a fresh vm context that holds a
 * Node-like world built by the runtime. Started with `new Worker(src, { eval })`: the modules it
 * imports by relative path are inlined at build time (server/sandbox/build.ts).
 */
import assert from 'node:assert';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import util from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { HostToWorker, RunReport, WorkerInit, WorkerToHost } from '../protocol';
import { sandboxSaid } from '../../text/sandbox-messages';
import type { FinishRun, HostBridge, RuntimeControl } from '../runtime/bridge';
import type { RunLimits, RunStatus } from '../types';
import { LIVE_OUT_FD, LiveStdin, writeAllSync, type LiveLink } from './live-pipe';
import { rssCeilingKb, STDERR_KEEP_CHARS } from '../../rules/limits';
import { worstStatus } from '../../rules/verdicts';

const init = workerData as WorkerInit;
const watch = new Float64Array(init.watch);
const WATCH_CPU = 0;
const WATCH_RSS = 1;
const WATCH_COUNT = 2;
const WATCH_HOST = 3;
const port = parentPort!;
const send = (m: WorkerToHost) => port.postMessage(m);

const MODULE_HEADER = '(async function (exports, require, module, __filename, __dirname) {';
/**
 * Fresh contexts kept ready (each about 260 KiB of heap). Making one costs about 2 ms, most of a
 * short test's cost: between tests that follow each other closely (a submission's, a stress
 * batch's) the pool is drawn on, and it is filled again while the worker is idle (between
 * submissions, while the judge compiles the next one), one context per turn of the event loop so
 * that a run that arrives waits for one at most.
 */
const POOL_SIZE = 24;
/** A run that finds the pool this low makes the next context at once, while its result travels. */
const POOL_LOW = 1;
/** Quiet this long after a run, the worker starts filling the pool again. */
const IDLE_FILL_MS = 3;

// ---- clocks and memory, read from /proc without trusting anything the program can touch ----

function tryOpen(path: string, flags: string): number {
  try {
    return fs.openSync(path, flags);
  } catch {
    return -1;
  }
}
const statusFd = tryOpen('/proc/self/status', 'r');
const clearRefsFd = tryOpen('/proc/self/clear_refs', 'w');
const scratch = Buffer.alloc(4096);

/**
 * The program's CPU time, nanoseconds: what a judge measures for a process (user + system, all
 * threads, so V8's helper threads count, as they would for the program run alone), less the host
 * thread's own, which it publishes in the watch buffer (its watchdog wakes every few milliseconds:
 * about 5% of a core, which a program run alone would not pay). Spare workers are started between
 * runs. (Per-thread counters in /proc advance only at scheduler ticks: too coarse.)
 */
function cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000 - (watch[WATCH_HOST] || 0);
}

/** Current and peak resident memory of the process, KiB. */
function memoryKb(): { rss: number; hwm: number } {
  if (statusFd < 0) {
    const rss = Math.round(process.memoryUsage.rss() / 1024);
    return { rss, hwm: rss };
  }
  const n = fs.readSync(statusFd, scratch, 0, scratch.length, 0);
  const text = scratch.toString('latin1', 0, n);
  const field = (name: string) => Number(/(\d+) kB/.exec(text.slice(text.indexOf(name)))?.[1] ?? 0);
  return { rss: field('VmRSS:'), hwm: field('VmHWM:') };
}

const statmFd = tryOpen('/proc/self/statm', 'r');
/**
 * KiB per page as statm counts them: VmRSS over statm's resident pages, read together (the page
 * size is 4 KiB on most machines, not on all). 0 where either cannot be read.
 */
const pageKb = (() => {
  if (statmFd < 0 || statusFd < 0) return 0;
  const pages = statmResident();
  const rss = memoryKb().rss;
  return pages > 0 && rss > 0 ? 2 ** Math.round(Math.log2(rss / pages)) : 0;
})();
function statmResident(): number {
  const n = fs.readSync(statmFd, scratch, 0, 256, 0);
  const text = scratch.toString('latin1', 0, n);
  const at = text.indexOf(' ');
  return Number(text.slice(at + 1, text.indexOf(' ', at + 1)));
}

/**
 * Current resident memory, KiB: what a run starts from. statm is a line of numbers, read in a few
 * microseconds; status, which has the peak too, is formatted field by field (10–40 µs on a busy
 * machine), and that is in every run's wall time.
 */
function residentKb(): number {
  if (pageKb > 0) {
    const pages = statmResident();
    if (Number.isFinite(pages) && pages > 0) return pages * pageKb;
  }
  return memoryKb().rss;
}

/** Makes the kernel's peak-RSS counter start again from the current RSS. */
function resetPeak(): void {
  if (clearRefsFd >= 0) {
    try {
      fs.writeSync(clearRefsFd, '5');
    } catch {
      // Not permitted here: the peak then includes earlier runs, which only overstates memory.
    }
  }
}

/**
 * A full garbage collection, for between runs: a run that made a lot of garbage would otherwise
 * have it collected (and timed) during the next one. Taken from a throwaway context with the flag
 * on for that moment only, so no program's context ever has `gc`.
 */
const collectGarbage: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : () => {};
  } catch {
    return () => {};
  }
})();
/** Runs that grew memory by more than this leave enough garbage to collect before the next. */
const TIDY_AFTER_KB = 16 * 1024;

// ---- the program ----

interface Program {
  script: vm.Script | null;
  loadError: string | null;
  limits: RunLimits;
  map: SourceMap | null;
}
let program: Program | null = null;

const runtimeScript = new vm.Script(init.runtimeSource, { filename: 'node:sandbox', ...(init.runtimeCache && { cachedData: Buffer.from(init.runtimeCache.buffer, init.runtimeCache.byteOffset, init.runtimeCache.byteLength) }) });
const importError = new vm.Script('new Error("Cannot find module: import() is not available in the judge; use a static import")');
let globalNames: string[] = [];

// ---- stack traces: positions in the compiled JavaScript back to the user's TypeScript ----

function mapStack(text: string): string {
  if (!text.includes('node:sandbox') && !text.includes('solution.js') && !text.includes('node:internal')) return text;
  const map = program?.map ?? null;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s+at .*(node:sandbox|node:internal|\[worker eval\]|evalmachine)/.test(line)) {
      // util.inspect opens an error's extra properties at the end of its last frame line.
      if (line.endsWith(' {') && kept.length > 0) kept[kept.length - 1] += ' {';
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').replace(/solution\.js:(\d+):(\d+)/g, (whole, l: string, c: string) => {
    if (!map) return whole;
    const entry = map.findEntry(Number(l) - 1, Number(c) - 1) as { originalLine?: number; originalColumn?: number };
    if (entry.originalLine === undefined) return whole;
    return `solution.ts:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
  });
}

function readSourceMap(js: string): SourceMap | null {
  const m = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)/.exec(js);
  if (!m) return null;
  try {
    return new SourceMap(JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8')));
  } catch {
    return null;
  }
}

// ---- contexts ----

/** Per-run state the bridge functions of one context see. */
interface RunState {
  ctx: vm.Context;
  control: RuntimeControl;
  promiseProto: object;
  objectProto: object;
  input: string;
  inputBytes: Buffer | null;
  inputLength: number;
  /** The program's timers (`due`: when a timeout is due, ms on this thread's clock) and immediates. */
  timers: Map<number, { timeout?: NodeJS.Timeout; immediate?: NodeJS.Immediate; due?: number }>;
  /** An idle read of live input is queued (see idleRead); when input was last read; the wake-up asked for. */
  idleQueued: boolean;
  lastInputCheck: number;
  wakeAsked: number;
  cpuStart: number;
  rssStart: number;
  finished: boolean;
  /** Interactive runs: input that arrives while the program runs, and who waits for it. */
  live: LiveStdin | null;
  inputWatches: Map<number, number>;
  report: RunReport | null;
  done: ((r: RunReport) => void) | null;
}

const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype) as object;
const getter = (name: string) => Object.getOwnPropertyDescriptor(typedArrayProto, name)!.get!;
const taBuffer = getter('buffer');
const taOffset = getter('byteOffset');
const taLength = getter('byteLength');

/** A host Buffer over bytes [start, end) of a context's Uint8Array (no copy). */
function view(bytes: unknown, start: number, end: number): Buffer | null {
  if (!util.types.isUint8Array(bytes)) return null;
  const length = Reflect.apply(taLength, bytes, []) as number;
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start && end <= length)) return null;
  return Buffer.from(Reflect.apply(taBuffer, bytes, []) as ArrayBuffer, (Reflect.apply(taOffset, bytes, []) as number) + start, end - start);
}

const ENCODINGS = new Set(['utf8', 'utf16le', 'latin1', 'ascii', 'hex', 'base64', 'base64url']);
const enc = (e: unknown): BufferEncoding => (typeof e === 'string' && ENCODINGS.has(e) ? (e as BufferEncoding) : 'utf8');

const utf8 = new TextEncoder();
/** Reused by cutUtf8 for text that is not all ASCII: the cut is found a mebibyte at a time. */
const cutScratch = new Uint8Array(1 << 20);

/** The longest start of `text` whose UTF-8 form has at most `max` bytes, never splitting a character. */
function cutUtf8(text: string, max: number): string {
  const size = Buffer.byteLength(text, 'utf8');
  if (size <= max) return text;
  // All ASCII: one byte per unit.
  if (size === text.length) return text.slice(0, max);
  let read = 0;
  let left = max;
  while (left > 0 && read < text.length) {
    const r = utf8.encodeInto(read === 0 ? text : text.slice(read), left >= cutScratch.length ? cutScratch : cutScratch.subarray(0, left));
    if (r.read === 0) break;
    read += r.read;
    left -= r.written;
  }
  return text.slice(0, read);
}

/** The run's end, as only the runtime's closure holds it. */
function makeFinish(state: RunState): FinishRun {
  return (status, exitCode, stdout, stderr, message) => {
    try {
      finishRun(state, String(status), Number(exitCode), typeof stdout === 'string' ? stdout : '', typeof stderr === 'string' ? stderr : '', typeof message === 'string' ? mapStack(message) : null);
    } catch {
      // nothing to tell the program
    }
  };
}

function makeBridge(state: RunState): HostBridge {
  const inputBytes = () => (state.inputBytes ??= Buffer.from(state.input, 'utf8'));
  // Each function returns a primitive and never throws into the context.
  return {
    schedule(id, ms) {
      if (state.finished || typeof id !== 'number' || typeof ms !== 'number') return;
      const fire = () => {
        state.timers.delete(id);
        if (state.finished) return;
        try {
          state.control.fire(id);
        } catch (e) {
          internalError(state, e);
        }
        queueIdleRead(state);
      };
      const wait = Math.max(1, ms);
      state.timers.set(id, ms < 0 ? { immediate: setImmediate(fire) } : { timeout: setTimeout(fire, wait), due: performance.now() + wait });
    },
    cancel(id) {
      state.inputWatches.delete(id);
      const t = state.timers.get(id);
      if (!t) return;
      state.timers.delete(id);
      if (t.timeout) clearTimeout(t.timeout);
      if (t.immediate) clearImmediate(t.immediate);
    },
    inputText(from, encoding) {
      try {
        if (state.live) return state.live.view().toString(enc(encoding), Number(from) || 0);
        if (from === 0 && (encoding === 'utf8' || encoding === undefined)) return state.input;
        return inputBytes().toString(enc(encoding), Number(from) || 0);
      } catch {
        return '';
      }
    },
    inputLength() {
      return state.live ? state.live.length : state.inputLength;
    },
    inputCopy(target, at, from, to) {
      try {
        const dest = view(target, Number(at), Number(at) + (Number(to) - Number(from)));
        if (!dest) return 0;
        return (state.live ? state.live.view() : inputBytes()).copy(dest, 0, Number(from), Number(to));
      } catch {
        return 0;
      }
    },
    decode(bytes, start, end, encoding) {
      try {
        return view(bytes, Number(start), Number(end))?.toString(enc(encoding)) ?? '';
      } catch {
        return '';
      }
    },
    encode(text, target, at, max, encoding) {
      try {
        const dest = view(target, Number(at), Number(at) + Number(max));
        if (!dest || typeof text !== 'string') return 0;
        return dest.write(text, 0, dest.length, enc(encoding));
      } catch {
        return 0;
      }
    },
    byteLength(text, encoding) {
      try {
        return typeof text === 'string' ? Buffer.byteLength(text, enc(encoding)) : 0;
      } catch {
        return 0;
      }
    },
    cutUtf8(text, maxBytes) {
      try {
        return typeof text === 'string' ? cutUtf8(text, Math.max(0, Number(maxBytes) || 0)) : '';
      } catch {
        return '';
      }
    },
    format(options, args) {
      try {
        const opts = JSON.parse(String(options)) as Record<string, unknown>;
        const list: unknown[] = [];
        const n = Array.isArray(args) ? (args.length as number) : 0;
        for (let i = 0; i < n; i++) list.push((args as unknown[])[i]);
        const inspectOptions: util.InspectOptions = { ...opts, customInspect: false, showProxy: false, colors: false };
        if (opts.depth === null) inspectOptions.depth = Infinity;
        delete (inspectOptions as Record<string, unknown>).inspect;
        const text = opts.inspect ? util.inspect(list[0], inspectOptions) : util.formatWithOptions(inspectOptions, ...list);
        return mapStack(text);
      } catch {
        return '[value that cannot be formatted]';
      }
    },
    deepEqual(a, b, strict) {
      try {
        if (strict) return util.isDeepStrictEqual(a, b) ? 1 : 0;
        return looseDeepEqual(a, b) ? 1 : 0;
      } catch {
        return -1;
      }
    },
    now() {
      return performance.now();
    },
    hrtime() {
      return process.hrtime.bigint();
    },
    cpuMicros() {
      return Math.round((cpuNs() - state.cpuStart) / 1000);
    },
    memory() {
      try {
        return JSON.stringify(process.memoryUsage());
      } catch {
        return '{}';
      }
    },
    mapStack(text) {
      try {
        return typeof text === 'string' ? mapStack(text) : '';
      } catch {
        return '';
      }
    },
    inputWait(known, mode) {
      const live = state.live;
      if (!live || state.finished) return -(state.inputLength + 1);
      // A poll (mode 0) reports what has been read: the rest is still in the pipe, as in Node.
      if (mode !== 0) live.wait(Number(known), Number(mode));
      return live.ended ? -(live.length + 1) : live.length;
    },
    inputWatch(id, known) {
      if (state.finished || typeof id !== 'number') return;
      const live = state.live;
      if (!live || live.ended || live.length > Number(known)) {
        state.timers.set(id, { immediate: setImmediate(() => fireWatch(state, id)) });
      } else {
        state.inputWatches.set(id, Number(known));
        queueIdleRead(state);
      }
    },
    emit(text) {
      if (!state.live || state.finished || typeof text !== 'string') return;
      try {
        writeAllSync(LIVE_OUT_FD, text);
      } catch {
        // the judge is gone: the run is being torn down
      }
    },
  };
}

function fireWatch(state: RunState, id: number): void {
  state.timers.delete(id);
  state.inputWatches.delete(id);
  if (state.finished) return;
  try {
    state.control.fire(id);
  } catch (e) {
    internalError(state, e);
  }
  deliverIfFinished(state);
  queueIdleRead(state);
}

/** Input arrived for an interactive run: wake what waits for it. */
function inputArrived(state: RunState): void {
  for (const id of [...state.inputWatches.keys()]) fireWatch(state, id);
}

/** Timers due within this long are left to fire before the worker blocks reading input. */
const SOON_MS = 2;
/**
 * A program that keeps queueing immediates while it waits for input (a polling loop, or work cut
 * into setImmediate slices with readline open) gets its input read at least this often: a read
 * then blocks for at most CHECK_WAIT_MS, woken by the host.
 */
const CHECK_EVERY_MS = 10;
const CHECK_WAIT_MS = 1;

function queueIdleRead(state: RunState): void {
  if (state.idleQueued || state.finished || !state.live || state.inputWatches.size === 0) return;
  state.idleQueued = true;
  setImmediate(() => {
    state.idleQueued = false;
    idleRead(state);
  });
}

/**
 * The program waits for input asynchronously (readline, 'data' events). When its event loop has
 * nothing else to do, the worker blocks reading the pipe, as Node's loop blocks in epoll; with a
 * timer pending, it asks the host to wake it when the timer is due. With immediates pending it reads
 * only now and then (it cannot look into the pipe without blocking): they run first, and the last
 * of them queues this again.
 */
function idleRead(state: RunState): void {
  const live = state.live;
  if (state.finished || !live || state.inputWatches.size === 0) return;
  if (!live.ended && !hasNewInput(state)) {
    const now = performance.now();
    let due = Infinity;
    let immediates = false;
    for (const t of state.timers.values()) {
      if (t.immediate) immediates = true;
      else if (t.due !== undefined && t.due < due) due = t.due;
    }
    if (immediates) {
      if (now - state.lastInputCheck < CHECK_EVERY_MS) return;
      due = Math.min(due, now + CHECK_WAIT_MS);
    } else if (due - now < SOON_MS) return;
    state.lastInputCheck = now;
    if (due !== Infinity && due !== state.wakeAsked) {
      state.wakeAsked = due;
      send({ t: 'wake-at', at: performance.timeOrigin + due });
    }
    live.readOnce(1);
  }
  if (live.ended || hasNewInput(state)) inputArrived(state);
  else queueIdleRead(state);
}

function hasNewInput(state: RunState): boolean {
  for (const known of state.inputWatches.values()) if (state.live!.length > known) return true;
  return false;
}

function looseDeepEqual(a: unknown, b: unknown): boolean {
  try {
    // node:assert has the loose algorithm; its AssertionError stays on this side.
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

function prepare(): RunState {
  // An ordinary global object (no interceptors between the program and its globals): cheaper to
  // make, and every global lookup costs what it does in Node.
  const ctx = vm.createContext(vm.constants.DONT_CONTEXTIFY, { name: 'solution', codeGeneration: { strings: false, wasm: true } });
  const globalObject = ctx as Record<string, unknown>;
  const state = {
    ctx,
    input: '',
    inputBytes: null,
    inputLength: 0,
    timers: new Map(),
    idleQueued: false,
    lastInputCheck: 0,
    wakeAsked: 0,
    cpuStart: 0,
    rssStart: 0,
    finished: false,
    live: null,
    inputWatches: new Map(),
    report: null,
    done: null,
  } as unknown as RunState;
  const install = runtimeScript.runInContext(ctx) as (host: HostBridge, finish: FinishRun, version: string) => RuntimeControl;
  // The runtime reads the input length at install; it is set again at start.
  const control = install(makeBridge(state), makeFinish(state), process.versions.node);
  state.control = control;
  // Handed over by the runtime (no program has run yet): two vm.runInContext calls cost ~25 µs a context.
  state.promiseProto = control.promisePrototype;
  state.objectProto = control.objectPrototype;
  // Properties of the contextified object are the context's globals. Setting them here costs less
  // than defining them from inside (through the context's interceptors). Every value, getter and
  // setter is the context's own: nothing of this realm is put within the program's reach.
  for (const name of Object.keys(control.globals)) {
    Object.defineProperty(globalObject, name, { value: control.globals[name], writable: true, configurable: true, enumerable: false });
  }
  for (const name of Object.keys(control.accessors)) {
    const { get, set } = control.accessors[name]!;
    Object.defineProperty(globalObject, name, { get, set, configurable: true, enumerable: false });
  }
  if (globalNames.length === 0) {
    const names = vm.runInContext('Object.getOwnPropertyNames(globalThis)', ctx) as string[];
    globalNames = Array.from(names).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'eval' && n !== 'globalThis');
  }
  return state;
}

const pool: RunState[] = [];
let filling: NodeJS.Timeout | NodeJS.Immediate | null = null;
let lastRunEnd = 0;

/** Makes contexts for the pool, one per turn, while no run is asked for (see POOL_SIZE). */
function refill(): void {
  if (filling) return;
  const step = () => {
    filling = null;
    if (current !== null || pool.length >= POOL_SIZE) return;
    // A run just ended: another may follow at once; wait for quiet unless the pool is low.
    const quietFor = performance.now() - lastRunEnd;
    if (pool.length >= POOL_LOW && quietFor < IDLE_FILL_MS) {
      filling = setTimeout(step, IDLE_FILL_MS - quietFor);
      return;
    }
    pool.push(prepare());
    filling = setImmediate(step);
  };
  step();
}

// ---- runs ----

let current: RunState | null = null;

function compileProgram(js: string, limits: RunLimits): Program {
  const body = js.startsWith(MODULE_HEADER) ? js : `${MODULE_HEADER}${js}\n})`;
  // Global lookups through a vm context's interceptors are slow (hundreds of ns each): bind the
  // globals the program mentions to locals once, so `Math.max` in a hot loop costs what it does in Node.
  const used = globalNames.filter((name) => new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(js));
  const source = `(function () { const { ${used.join(', ')} } = globalThis; return ${body}; })()`;
  try {
    const script = new vm.Script(source, {
      filename: 'solution.js',
      importModuleDynamically: (() => {
        if (!current) throw new Error('no run');
        throw importError.runInContext(current.ctx);
      }) as never,
    });
    return { script, loadError: null, limits, map: readSourceMap(js) };
  } catch (e) {
    return { script: null, loadError: e instanceof Error ? `${e.name}: ${e.message}` : String(e), limits, map: null };
  }
}

/**
 * Shared with the host thread, which reads it to watch the run from outside: the CPU clock and RSS
 * when the current run started (NaN between runs), and how many runs have started.
 */

function run(input: string, live?: LiveLink): Promise<RunReport> {
  if (!program) return Promise.resolve(report('ie', null, '', '', 'No program is loaded.', 0, 0));
  if (!program.script) return Promise.resolve(report('re', 1, '', program.loadError ?? '', `The program could not be loaded: ${program.loadError}`, 0, 0));
  const state = pool.pop() ?? prepare();
  const finished = new Promise<RunReport>((resolve) => (state.done = resolve));
  current = state;
  state.input = input;
  state.inputLength = Buffer.byteLength(input, 'utf8');
  if (live) state.live = new LiveStdin(live);
  let fn: unknown;
  try {
    fn = program.script.runInContext(state.ctx);
  } catch (e) {
    current = null;
    return Promise.resolve(report('re', 1, '', '', `The program could not be started: ${String(e)}`, 0, 0));
  }
  resetPeak();
  state.rssStart = residentKb();
  state.cpuStart = cpuNs();
  watch[WATCH_RSS] = state.rssStart * 1024;
  watch[WATCH_CPU] = state.cpuStart;
  watch[WATCH_COUNT]++;
  // Called directly (not inside a Promise executor), so the program's stack shows no frame of ours.
  try {
    state.control.start(fn, program.limits.outputBytes, state.live !== null);
  } catch (e) {
    internalError(state, e);
  }
  return finished;
}

function report(status: RunStatus, exitCode: number | null, stdout: string, stderr: string, message: string | ReturnType<typeof sandboxSaid> | null, timeMs: number, memoryKb: number): RunReport {
  if (message === null || typeof message === 'string') return { status, exitCode, stdout, stderr, message, timeMs, memoryKb };
  return { status, exitCode, stdout, stderr, ...message, timeMs, memoryKb };
}

function finishRun(state: RunState, status: string, exitCode: number, stdout: string, stderr: string, message: string | null): void {
  if (state.finished) return;
  // Never below 0: the host thread's time, taken off, is published every few milliseconds, so a
  // short run on a busy machine can have more of it taken off at its end than was in at its start.
  const cpuMs = Math.max(0, (cpuNs() - state.cpuStart) / 1e6);
  const mem = memoryKb();
  state.finished = true;
  for (const t of state.timers.values()) {
    if (t.timeout) clearTimeout(t.timeout);
    if (t.immediate) clearImmediate(t.immediate);
  }
  state.timers.clear();
  state.inputWatches.clear();
  // The interactor has seen the output as it was written.
  if (state.live) stdout = '';
  const limits = program!.limits;
  const peakKb = Math.max(0, mem.hwm - state.rssStart);
  const ended: RunStatus = status === 'ok' || status === 're' || status === 'ole' || status === 'ie' ? status : 'ie';
  // The output limit is checked here too, outside the program's reach, whatever the runtime counted.
  const overOutput = stdout.length > limits.outputBytes / 3 && Buffer.byteLength(stdout, 'utf8') > limits.outputBytes;
  if (overOutput) stdout = cutUtf8(stdout, limits.outputBytes);
  if (stderr.length > STDERR_KEEP_CHARS) stderr = stderr.slice(0, STDERR_KEEP_CHARS);
  // A stack that overflowed is resident memory too, but its run is RE (the stack is sized below the limit).
  const stackOverflow = ended === 're' && message !== null && message.includes('Maximum call stack size exceeded');
  const overMemoryNow = ended !== 'ie' && !stackOverflow && overMemory(peakKb, limits.memoryMb);
  // Every cause that holds; the verdict table says which wins.
  const final = worstStatus(ended, overOutput && 'ole', overMemoryNow && 'mle', cpuMs > limits.timeMs && 'tle');
  // A runtime error always says something, even when what the program threw prints as nothing (`throw ''`).
  const text =
    final === ended
      ? final === 're' && !message?.trim()
        ? `The program ended with exit code ${exitCode} (a runtime error with no message of its own).`
        : message
      : final === 'mle'
        ? sandboxSaid('sandbox.mle-used', Math.round(peakKb / 1024), limits.memoryMb)
        : final === 'tle'
          ? sandboxSaid('sandbox.tle-cpu', Math.round(cpuMs), limits.timeMs)
          : sandboxSaid('sandbox.ole-bytes', limits.outputBytes);
  state.report = report(final, exitCode >= 0 ? exitCode : null, stdout, stderr, text, cpuMs, peakKb);
  // Reported on a later turn, once the program's stack has unwound (process.exit throws through
  // it) and every microtask it queued has run. Until then the host keeps watching: code that runs
  // on after the program asked to end (an exit it caught, say) counts.
  setImmediate(() => deliverIfFinished(state));
}

function deliverIfFinished(state: RunState): void {
  if (!state.report || !state.done) return;
  afterEnd(state, state.report);
  watch[WATCH_CPU] = NaN;
  if (current === state) current = null;
  const done = state.done;
  state.done = null;
  done?.(state.report);
}

/**
 * Whether a run's peak resident growth means MLE. Resident memory also counts garbage V8 has not
 * collected yet, so a peak over the limit counts when the heap and the buffers outside it are
 * over it too (they still hold what the program kept: nothing has been collected since), or when
 * the peak is too far past the limit for garbage to explain (the old generation is capped near it).
 */
function overMemory(peakKb: number, memoryMb: number): boolean {
  if (peakKb <= memoryMb * 1024) return false;
  if (peakKb > rssCeilingKb({ memoryMb })) return true;
  const h = v8.getHeapStatistics();
  return h.used_heap_size + h.external_memory > memoryMb * 1024 * 1024;
}

/** What ran between the program's end and now (code after a caught exit, say) counts against its limits. */
function afterEnd(state: RunState, r: RunReport): void {
  // A limit already passed at the end stays the verdict: what ran after it is not measured again.
  if (r.status === 'ie' || r.status === 'mle' || r.status === 'tle') return;
  const limits = program!.limits;
  const cpuMs = (cpuNs() - state.cpuStart) / 1e6;
  if (cpuMs - r.timeMs < 1) return;
  const peakKb = Math.max(r.memoryKb, memoryKb().hwm - state.rssStart);
  const final = worstStatus(r.status, overMemory(peakKb, limits.memoryMb) && 'mle', cpuMs > limits.timeMs && 'tle');
  if (final === 'mle') {
    Object.assign(r, { status: 'mle', memoryKb: peakKb, message: `Memory limit exceeded: the program used ${Math.round(peakKb / 1024)} MiB after it asked to end; the limit is ${limits.memoryMb} MiB.` });
  } else if (final === 'tle') {
    Object.assign(r, { status: 'tle', timeMs: cpuMs, message: `Time limit exceeded: the program ran for ${Math.round(cpuMs)} ms of CPU time (some of it after it asked to end); the limit is ${limits.timeMs} ms.` });
  }
}

function internalError(state: RunState, e: unknown): void {
  finishRun(state, 'ie', -1, '', '', `judge error in the sandbox worker: ${e instanceof Error ? e.stack : String(e)}`);
}

// A rejection nobody handled, from the current run's context, ends that run as in Node 20.
process.on('unhandledRejection', (reason, promise) => {
  const state = current;
  if (!state || state.finished) return;
  let p: unknown = promise;
  while (p !== null && p !== state.promiseProto) p = Object.getPrototypeOf(p);
  if (p === null) return;
  try {
    state.control.rejection(reason);
  } catch (e) {
    internalError(state, e);
  }
});

/** Whether a value was made in the given context (its prototype chain reaches that context's Object.prototype). */
function fromContext(value: unknown, objectProto: object): boolean {
  try {
    for (let p: unknown = value; p !== null && (typeof p === 'object' || typeof p === 'function'); p = Object.getPrototypeOf(p)) if (p === objectProto) return true;
  } catch {
    // a revoked proxy, say: not ours to judge
  }
  return false;
}

// Exceptions our runtime did not catch come from unusual paths (a FinalizationRegistry callback,
// say). One of the current run's is its uncaught exception; one of an earlier run's context is
// ignored (that run is over); one of this realm is a judge error.
process.on('uncaughtException', (e) => {
  const state = current;
  if (state && !state.finished && fromContext(e, state.objectProto)) {
    try {
      state.control.exception(e);
    } catch (err) {
      internalError(state, err);
    }
    return;
  }
  if (state && e instanceof Error) internalError(state, e);
});

port.on('message', (m: HostToWorker) => {
  switch (m.t) {
    case 'ping':
      send({ t: 'pong' });
      break;
    case 'tidy':
      // Kept for the same person's next program: the last one's garbage is collected now, while
      // nothing runs, not during (and timed as part of) the next program's first runs.
      collectGarbage();
      break;
    case 'load':
      program = compileProgram(m.js, m.limits);
      send({ t: 'loaded', error: program.loadError });
      break;
    case 'run':
      void (async () => {
        // Reports go to the host in groups (a message costs about as much as a small run); the
        // host knows which run is current from the shared counter, should it have to stop one.
        let group: RunReport[] = [];
        let from = 0;
        let sentAt = performance.now();
        let lastMemoryKb = 0;
        for (let i = 0; i < m.inputs.length; i++) {
          if (lastMemoryKb > TIDY_AFTER_KB) collectGarbage();
          const r = await run(m.inputs[i]!, m.live);
          lastMemoryKb = r.memoryKb;
          group.push(r);
          const last = i === m.inputs.length - 1;
          if (group.length >= 64 || performance.now() - sentAt > 20 || last) {
            send({ t: 'results', from, reports: group, last });
            from = i + 1;
            group = [];
            sentAt = performance.now();
          }
        }
        if (m.inputs.length === 0) send({ t: 'done' });
        // Tidy up while the judge looks at the result, before the next test arrives.
        lastRunEnd = performance.now();
        setImmediate(() => {
          if (lastMemoryKb > TIDY_AFTER_KB) collectGarbage();
          refill();
        });
      })();
      break;
  }
});

/** This thread's id as /proc names it ("<pid>/task/<tid>"), read before any program runs; null where /proc cannot tell. */
function threadId(): string | null {
  try {
    const link = fs.readlinkSync('/proc/thread-self');
    return /^\d+\/task\/\d+$/.test(link) ? link.slice(link.lastIndexOf('/') + 1) : null;
  } catch {
    return null;
  }
}

/**
 * A first run through the common paths (reading input, splitting, printing, readline), so the
 * runtime's functions are compiled before the first real test and its time is not inflated.
 */
const WARM_UP = `${MODULE_HEADER}"use strict";
const fs = require('fs');
const nums = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
let s = 0;
for (const x of nums) s += x;
console.log(s, [s], { s }, 'x');
process.stdout.write(String(s) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', () => {});
\n})`;

watch[WATCH_CPU] = NaN;
void (async () => {
  program = compileProgram(WARM_UP, { timeMs: 60_000, memoryMb: 1 << 20, outputBytes: 1 << 20 });
  await run('1 2 3\n4\n');
  program = null;
  // Filled before the worker is ready: a spare worker filling its pool later would do it while
  // another worker runs a program, and the process's CPU time is the program's.
  while (pool.length < POOL_SIZE) pool.push(prepare());
  // Made after the warm-up, so the runtime functions it compiled are in it too.
  send(init.runtimeCache ? { t: 'ready', tid: threadId() } : { t: 'ready', tid: threadId(), runtimeCache: runtimeScript.createCachedData() });
})();
