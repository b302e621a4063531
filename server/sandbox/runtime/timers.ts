import type { Env } from './env';
import { invalidArgType } from './errors';

const TIMEOUT_MAX = 2 ** 31 - 1;

type Callback = (...args: unknown[]) => unknown;

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

  constructor(protected readonly env: Env) {}

  /** Cancels the pending task and drops this handle's hold on the loop. */
  protected release(): void {
    this.env.loop.cancel(this.taskId);
    if (this.refed) {
      this.refed = false;
      this.env.loop.unref();
    }
  }

  ref(): this {
    this.wanted = true;
    if (this.active && !this.refed) {
      this.refed = true;
      this.env.loop.ref();
    }
    return this;
  }

  unref(): this {
    this.wanted = false;
    if (this.refed) {
      this.refed = false;
      this.env.loop.unref();
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
    env: Env,
    private readonly table: Map<number, Timeout>,
    readonly id: number,
    private readonly callback: Callback,
    private readonly delay: number,
    private readonly args: unknown[],
    private readonly repeat: boolean,
  ) {
    super(env);
  }

  override hasRef(): boolean {
    return this.wanted;
  }

  start(): this {
    this.active = true;
    this.table.set(this.id, this);
    if (!this.refed) {
      this.refed = true;
      this.env.loop.ref();
    }
    this.taskId = this.env.loop.schedule(() => this.fire(), this.delay);
    return this;
  }

  private fire(): void {
    const { loop } = this.env;
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
    this.table.delete(this.id);
    this.release();
  }

  refresh(): this {
    if (this.active) {
      this.env.loop.cancel(this.taskId);
      this.taskId = this.env.loop.schedule(() => this.fire(), this.delay);
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
  constructor(env: Env, callback: Callback, args: unknown[]) {
    super(env);
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
export function makeTimers(env: Env) {
  const table = new Map<number, Timeout>();
  let nextId = 1;

  const setTimeout = (callback: unknown, ms?: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Timeout(env, table, nextId++, callback, delayOf(ms), args, false).start();
  };
  const setInterval = (callback: unknown, ms?: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Timeout(env, table, nextId++, callback, delayOf(ms), args, true).start();
  };
  const clearTimeout = (timer: unknown) => {
    if (timer instanceof Timeout) timer.stop();
    else if (typeof timer === 'number' || typeof timer === 'string') table.get(Number(timer))?.stop();
  };
  const setImmediate = (callback: unknown, ...args: unknown[]) => {
    checkCallback(callback);
    return new Immediate(env, callback, args);
  };
  const clearImmediate = (immediate: unknown) => {
    if (immediate instanceof Immediate) immediate.clear();
  };
  const queueMicrotask = (callback: unknown) => {
    checkCallback(callback);
    void Promise.resolve().then(() => env.loop.invoke(callback));
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

  return { setTimeout, setInterval, clearTimeout, clearInterval: clearTimeout, setImmediate, clearImmediate, queueMicrotask, promises };
}
