import type { Env } from './env';
import { invalidArgType } from './errors';

const TIMEOUT_MAX = 2 ** 31 - 1;

type Callback = (...args: unknown[]) => unknown;

// The runtime is evaluated afresh in each context, so this module's state is one run's. It lives
// here, not on the Timeout and Immediate objects a program holds, so nothing leads from them to
// the loop or the bridge.
let env: Env;
/** Active timeouts by id (a dictionary, not a Map: a program may patch Map). */
const table: Record<number, Timeout> = Object.create(null) as Record<number, Timeout>;
const apply = Reflect.apply;
const promiseThen = Promise.prototype.then;
const resolved = Promise.resolve();

/**
 * What Node's Timeout and Immediate share: a task on the context's event loop that keeps the run
 * alive while it is referenced (ref/unref/hasRef), and lets go of the loop when cancelled.
 */
abstract class LoopHandle {
  protected taskId = 0;
  protected refed = false;
  protected active = false;
  /** What the program asked for by ref()/unref(); a cleared Timeout keeps it, as in Node. */
  protected wanted = true;

  /** Cancels the pending task and drops this handle's hold on the loop. */
  protected release(): void {
    env.loop.cancel(this.taskId);
    if (this.refed) {
      this.refed = false;
      env.loop.unref();
    }
  }

  ref(): this {
    this.wanted = true;
    if (this.active && !this.refed) {
      this.refed = true;
      env.loop.ref();
    }
    return this;
  }

  unref(): this {
    this.wanted = false;
    if (this.refed) {
      this.refed = false;
      env.loop.unref();
    }
    return this;
  }

  hasRef(): boolean {
    return this.refed;
  }
}

/** Node's Timeout object: ref/unref/hasRef/refresh, and usable as a number. */
class Timeout extends LoopHandle {
  constructor(
    readonly id: number,
    private readonly callback: Callback,
    private readonly delay: number,
    private readonly args: unknown[],
    private readonly repeat: boolean,
  ) {
    super();
  }

  override hasRef(): boolean {
    return this.wanted;
  }

  start(): this {
    this.active = true;
    table[this.id] = this;
    if (!this.refed) {
      this.refed = true;
      env.loop.ref();
    }
    this.taskId = env.loop.schedule(() => this.fire(), this.delay);
    return this;
  }

  private fire(): void {
    const { loop } = env;
    if (this.repeat) {
      this.taskId = loop.schedule(() => this.fire(), this.delay);
      loop.invoke(this.callback, this, this.args);
    } else {
      this.stop();
      loop.invoke(this.callback, this, this.args);
    }
  }

  stop(): void {
    if (!this.active) return;
    this.active = false;
    delete table[this.id];
    this.release();
  }

  refresh(): this {
    if (this.active) {
      env.loop.cancel(this.taskId);
      this.taskId = env.loop.schedule(() => this.fire(), this.delay);
    }
    return this;
  }

  close(): this {
    this.stop();
    return this;
  }

  [Symbol.toPrimitive](): number {
    return this.id;
  }
}

/** Node's Immediate object. */
class Immediate extends LoopHandle {
  constructor(callback: Callback, args: unknown[]) {
    super();
    this.active = true;
    this.refed = true;
    env.loop.ref();
    this.taskId = env.loop.schedule(() => {
      this.clear();
      env.loop.invoke(callback, this, args);
    }, -1);
  }

  clear(): void {
    if (!this.active) return;
    this.active = false;
    this.release();
  }
}

function checkCallback(callback: unknown): asserts callback is Callback {
  if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
}

function delayOf(ms: unknown): number {
  const after = Number(ms);
  return after >= 1 && after <= TIMEOUT_MAX ? Math.trunc(after) : 1;
}

/** The timer functions of the context (globals and the `timers` module). */
export function makeTimers(runEnv: Env) {
  env = runEnv;
  let nextId = 1;

  const setTimeout = (callback: unknown, ms?: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Timeout(nextId++, callback, delayOf(ms), args, false).start();
  };
  const setInterval = (callback: unknown, ms?: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Timeout(nextId++, callback, delayOf(ms), args, true).start();
  };
  const clearTimeout = (timer: unknown) => {
    if (timer instanceof Timeout) timer.stop();
    else if (typeof timer === 'number' || typeof timer === 'string') table[Number(timer)]?.stop();
  };
  const setImmediate = (callback: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Immediate(callback, args);
  };
  const clearImmediate = (immediate: unknown) => {
    if (immediate instanceof Immediate) immediate.clear();
  };
  const queueMicrotask = (callback: unknown) => {
    checkCallback(callback);
    apply(promiseThen, resolved, [() => env.loop.invoke(callback)]);
  };

  const promises = {
    setTimeout: (ms?: unknown, value?: unknown) => new Promise((resolve) => setTimeout(resolve, ms, value)),
    setImmediate: (value?: unknown) => new Promise((resolve) => setImmediate(resolve, value)),
    async *setInterval(ms?: unknown, value?: unknown) {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        yield value;
      }
    },
    scheduler: {
      wait: (ms?: unknown) => new Promise((resolve) => setTimeout(resolve, ms)),
      yield: () => new Promise((resolve) => setImmediate(resolve)),
    },
  };

  // util.promisify(setTimeout) is timers/promises' setTimeout in Node, likewise setImmediate.
  const custom = Symbol.for('nodejs.util.promisify.custom');
  Object.defineProperty(setTimeout, custom, { value: promises.setTimeout, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(setImmediate, custom, { value: promises.setImmediate, enumerable: true, configurable: true, writable: true });

  return { setTimeout, setInterval, clearTimeout, clearInterval: clearTimeout, setImmediate, clearImmediate, queueMicrotask, promises };
}
