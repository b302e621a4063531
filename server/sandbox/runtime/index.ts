import { ArrayPrototypeSlice, withOriginals } from './primordials';
import EventEmitter from 'events';
import { guardBridge, guarded, type FinishRun, type HostBridge, type RuntimeControl } from './bridge';
import { makeConsole } from './console';
import { countListeners, emitTo } from './emitter';
import type { Env } from './env';
import { makeFormat } from './format';
import { Input } from './input';
import { EXIT, Loop } from './loop';
import { makeRequire, type ModuleTable } from './modules';
import { Output } from './output';
import { makeProcess, type ProcessState } from './process';
import { InputStream, OutputStream } from './streams';
import { makeTimers } from './timers';
import { OUTPUT_LIMIT_BYTES } from '../../rules/limits';
import { hardenEmitter } from './safe-events';

// Captured before any program runs: a program may replace Reflect.apply.
const apply = Reflect.apply;

// Modules most programs never use are evaluated on first use: a context is built for every run.
// Each first use runs under withOriginals (see primordials.ts): by the module table for the
// modules a program requires, and below for Buffer, the text coders and structuredClone.
const lazy = {
  buffer: () => require('./buffer') as typeof import('./buffer'),
  clone: () => require('./clone') as typeof import('./clone'),
  fs: () => require('./fs') as typeof import('./fs'),
  readline: () => require('./readline') as typeof import('./readline'),
  stringDecoder: () => require('./string-decoder') as typeof import('./string-decoder'),
  text: () => require('./text') as typeof import('./text'),
  util: () => require('./util') as typeof import('./util'),
  assert: () => require('./assert') as typeof import('./assert'),
};

type BufferModule = typeof import('buffer');

const promiseThen = Promise.prototype.then;
const objectToString = Object.prototype.toString;
const isError = (e: unknown) => apply(objectToString, e, []) === '[object Error]';
/** The exit status a code gives, as the operating system keeps it (its low 8 bits: 256 is 0). */
const exitStatus = (code: number) => code & 0xff;

/**
 * Builds the Node-like world of one run inside a fresh context and returns the entry points the
 * worker calls. Runs before any program code, so the intrinsics it captures are the real ones.
 */
export function install(rawHost: HostBridge, rawFinish: FinishRun, nodeVersion: string): RuntimeControl {
  hardenEmitter(EventEmitter);
  const bridge = guardBridge(rawHost);
  const finishRun = guarded(rawFinish);
  // Only the loop may schedule or cancel the worker's timers; the bridge the other modules share
  // (and that text decoders hold) has inert ones.
  const loop = new Loop({ schedule: bridge.schedule, cancel: bridge.cancel, inputWatch: bridge.inputWatch });
  const host: HostBridge = { ...bridge, schedule: () => {}, cancel: () => {} };
  const input = new Input(host);
  const state: ProcessState = { exitCode: undefined };
  let output = new Output(host, OUTPUT_LIMIT_BYTES);
  let exiting = false;
  let bufferModule: BufferModule | null = null;
  let cloneModule: ReturnType<typeof lazy.clone> | undefined;
  const getBuffer = () => (bufferModule ??= withOriginals(() => lazy.buffer().loadBuffer(host))).Buffer;

  const finish = (status: string, code: number, message: string | null) => {
    if (loop.finished) return;
    loop.close();
    output.closed = true;
    finishRun(status, code, output.stdout, output.stderr, message);
  };
  const overflow = (): never => {
    finish('ole', -1, `Output limit exceeded: the program wrote more than ${output.limitText}`);
    throw EXIT;
  };

  const fmt = makeFormat(host, (v) => bufferModule !== null && v instanceof bufferModule.Buffer);
  const env: Env = {
    host,
    loop,
    input,
    Buffer: getBuffer,
    isBuffer: (v) => bufferModule !== null && v instanceof bufferModule.Buffer,
    stdout: (text) => {
      if (!output.out(text)) overflow();
      if (input.live) host.emit(text);
    },
    stderr: (text) => output.err(text),
    format: fmt.format,
    formatWith: fmt.formatWith,
    inspect: fmt.inspect,
    exit: (code) => exit(code),
    nodeVersion,
  };

  const std = { stdin: new InputStream(env), stdout: new OutputStream(env, 1), stderr: new OutputStream(env, 2) };
  const resolved = Promise.resolve();
  // process.nextTick as Node orders it: callbacks queued by the program's synchronous code (the main
  // body, a timer, an input event) all run before any promise callback, and a tick queued by a tick
  // runs in the same round. A tick queued from a promise callback waits for a microtask.
  let ticks: { fn: unknown; args: unknown[] }[] = [];
  let tickHead = 0;
  let draining = false;
  let drainQueued = false;
  const drainTicks = () => {
    if (draining) return;
    draining = true;
    try {
      while (tickHead < ticks.length && !loop.finished) {
        const tick = ticks[tickHead]!;
        tickHead++;
        if (tickHead > 1024 && tickHead * 2 > ticks.length) {
          ticks = ArrayPrototypeSlice(ticks, tickHead);
          tickHead = 0;
        }
        loop.invoke(tick.fn as () => void, undefined, tick.args);
      }
    } finally {
      draining = false;
      ticks = [];
      tickHead = 0;
    }
  };
  const nextTick = (fn: unknown, args: unknown[]) => {
    ticks[ticks.length] = { fn, args };
    if (draining || drainQueued) return;
    drainQueued = true;
    apply(promiseThen, resolved, [
      () => {
        drainQueued = false;
        drainTicks();
      },
    ]);
  };
  const process = makeProcess(env, std, state, nextTick);
  const timers = makeTimers(env);
  const console = makeConsole(env);
  let textCoding: ReturnType<typeof import('./text').makeTextCoding> | null = null;
  const coding = () => (textCoding ??= withOriginals(() => lazy.text().makeTextCoding(host)));
  const performance = { now: () => host.now(), timeOrigin: 0, mark: () => {}, measure: () => {}, toJSON: () => ({}) };

  const describe = (e: unknown, rejection: boolean): string => {
    let text: string;
    try {
      text = host.format('{}', [e]);
    } catch {
      text = 'Uncaught exception';
    }
    if (rejection && !isError(e)) {
      text = `UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "${text}". {\n  code: 'ERR_UNHANDLED_REJECTION'\n}`;
    }
    return text;
  };

  // The process's own events, emitted without the program's (possibly patched) emit or push.
  const listeners = (event: string) => countListeners(process, event);

  const emitExit = (code: number) => {
    try {
      emitTo(process, 'exit', [code]);
    } catch (e) {
      if (e !== EXIT && !loop.finished) {
        const text = describe(e, false);
        output.err(`${text}\n`);
        finish('re', 7, text);
      }
    }
  };

  const exit = (code?: unknown): never => {
    if (code !== undefined) process.exitCode = code;
    if (!exiting) {
      exiting = true;
      const c = exitStatus(state.exitCode ?? 0);
      emitExit(state.exitCode ?? 0);
      finish(c === 0 ? 'ok' : 're', c, c === 0 ? null : `The program called process.exit(${c}).`);
    }
    throw EXIT;
  };

  const uncaught = (error: unknown, rejection = false) => {
    if (error === EXIT || loop.finished || exiting) return;
    const event = rejection ? 'unhandledRejection' : 'uncaughtException';
    let handled = false;
    try {
      handled = listeners(event) > 0;
    } catch {
      // a listener count the program broke: as if nobody listened
    }
    if (handled) {
      try {
        emitTo(process, event, rejection ? [error, undefined] : [error, 'uncaughtException']);
        return;
      } catch (e) {
        if (e === EXIT) return;
        error = e;
      }
    }
    const text = describe(error, rejection);
    output.err(`${text}\n`);
    exiting = true;
    state.exitCode = 1;
    emitExit(1);
    finish('re', 1, text);
  };

  loop.onUncaught = (e) => uncaught(e);
  loop.onBeforeExit = () => {
    let count = 0;
    try {
      count = listeners('beforeExit');
    } catch {
      return false;
    }
    if (count === 0) return false;
    loop.invoke(() => emitTo(process, 'beforeExit', [state.exitCode ?? 0]));
    return true;
  };
  let mainSettled = false;
  loop.onDrained = () => {
    if (!mainSettled && state.exitCode === undefined) {
      // As Node does for an ES module whose top-level await can never finish.
      const text = 'Warning: Detected unsettled top-level await: the program waited for something that never happened (for example rl.question with no input left).';
      output.err(`${text}\n`);
      state.exitCode = 13;
      exiting = true;
      emitExit(13);
      return finish('re', 13, text);
    }
    const code = exitStatus(state.exitCode ?? 0);
    exiting = true;
    emitExit(state.exitCode ?? 0);
    finish(code === 0 ? 'ok' : 're', code, code === 0 ? null : `The program exited with code ${code}.`);
  };

  const mainModule: Record<string, unknown> = { id: '.', path: '/', filename: '/solution.js', loaded: false, children: [], paths: [], exports: {} };
  let solutionRequire: (id: unknown) => unknown;
  const table: ModuleTable = {
    fs: () => lazy.fs().makeFs(env, std),
    'fs/promises': () => (solutionRequire('fs') as { promises: unknown }).promises,
    readline: () => lazy.readline().makeReadline(env),
    'readline/promises': () => (solutionRequire('readline') as { promises: unknown }).promises,
    events: () => EventEmitter,
    string_decoder: () => lazy.stringDecoder().makeStringDecoder(env),
    buffer: () => (getBuffer(), bufferModule),
    util: () => lazy.util().makeUtil(env),
    'util/types': () => (solutionRequire('util') as { types: unknown }).types,
    assert: () => lazy.assert().makeAssert(env),
    'assert/strict': () => (solutionRequire('assert') as { strict: unknown }).strict,
    timers: () => timers,
    'timers/promises': () => timers.promises,
    process: () => process,
    perf_hooks: () => ({ performance }),
    console: () => console,
  };
  solutionRequire = makeRequire(table, mainModule);

  const base64 = {
    btoa: (data: unknown) => {
      const text = String(data);
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 255) throw Object.assign(new Error('Invalid character'), { name: 'InvalidCharacterError' });
      return getBuffer().from(text, 'latin1').toString('base64');
    },
    atob: (data: unknown) => getBuffer().from(String(data), 'base64').toString('latin1'),
  };

  const globals: Record<string, unknown> = {
    global: globalThis,
    process,
    console,
    setTimeout: timers.setTimeout,
    setInterval: timers.setInterval,
    setImmediate: timers.setImmediate,
    clearTimeout: timers.clearTimeout,
    clearInterval: timers.clearInterval,
    clearImmediate: timers.clearImmediate,
    queueMicrotask: timers.queueMicrotask,
    structuredClone: (value: unknown) => (cloneModule ??= withOriginals(lazy.clone)).structuredClone(value),
    performance,
    atob: base64.atob,
    btoa: base64.btoa,
  };
  // Lazy globals: built on first use, and assignable as any global.
  const accessors: Record<string, { get: () => unknown; set: (v: unknown) => void }> = {};
  const lazyGlobal = (name: string, make: () => unknown) => {
    let override: unknown;
    let overridden = false;
    accessors[name] = {
      get: () => (overridden ? override : make()),
      set: (v) => {
        overridden = true;
        override = v;
      },
    };
  };
  lazyGlobal('Buffer', getBuffer);
  lazyGlobal('TextEncoder', () => coding().TextEncoder);
  lazyGlobal('TextDecoder', () => coding().TextDecoder);

  return {
    // The worker puts these on the context's global object (cheaper than defining them from here).
    globals,
    accessors,
    promisePrototype: Promise.prototype,
    objectPrototype: Object.prototype,
    start(program: unknown, outputLimit: number, live?: boolean) {
      output = new Output(host, outputLimit);
      input.live = live === true;
      if (typeof program !== 'function') return finish('ie', -1, 'The compiled program is not a function.');
      let result: unknown;
      try {
        result = apply(program, mainModule.exports, [mainModule.exports, solutionRequire, mainModule, '/solution.js', '/']);
      } catch (e) {
        uncaught(e);
        return;
      }
      // The compiled program is an async function: its promise is a real one. Checked without
      // instanceof, which a program can redefine.
      try {
        apply(promiseThen, result, [
          () => (mainSettled = true),
          (e: unknown) => {
            mainSettled = true;
            uncaught(e);
          },
        ]);
      } catch {
        mainSettled = true;
      }
      drainTicks();
      loop.checkSoon();
    },
    fire(id: number) {
      try {
        loop.fire(id);
        drainTicks();
      } catch (e) {
        uncaught(e);
      }
    },
    rejection(reason: unknown) {
      uncaught(reason, true);
    },
    exception(error: unknown) {
      uncaught(error);
    },
  };
}
