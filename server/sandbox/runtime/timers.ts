import type { Env } from './env';
import { invalidArgType } from './errors';

const TIMEOUT_MAX = 2 ** 31 - 1;

type Callback = (...args: unknown[]) => unknown;

/** Node's Timeout object: ref/unref/hasRef/refresh, and usable as a number. */
class Timeout {
  private taskId = 0;
  private refed = false;
  private active = false;

  constructor(
    private readonly env: Env,
    private readonly table: Map<number, Timeout>,
    readonly id: number,
    private readonly callback: Callback,
    private readonly delay: number,
    private readonly args: unknown[],
    private readonly repeat: boolean,
  ) {}

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
    this.env.loop.cancel(this.taskId);
    if (this.refed) {
      this.refed = false;
      this.env.loop.unref();
    }
  }

  ref(): this {
    if (this.active && !this.refed) {
      this.refed = true;
      this.env.loop.ref();
    }
    return this;
  }

  unref(): this {
    if (this.refed) {
      this.refed = false;
      this.env.loop.unref();
    }
    return this;
  }

  hasRef(): boolean {
    return this.refed;
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
class Immediate {
  private taskId = 0;
  private refed = true;
  private active = true;

  constructor(
    private readonly env: Env,
    callback: Callback,
    args: unknown[],
  ) {
    env.loop.ref();
    this.taskId = env.loop.schedule(() => {
      this.clear();
      env.loop.invoke(callback, this, args);
    }, -1);
  }

  clear(): void {
    if (!this.active) return;
    this.active = false;
    this.env.loop.cancel(this.taskId);
    if (this.refed) {
      this.refed = false;
      this.env.loop.unref();
    }
  }

  ref(): this {
    if (this.active && !this.refed) {
      this.refed = true;
      this.env.loop.ref();
    }
    return this;
  }

  unref(): this {
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
