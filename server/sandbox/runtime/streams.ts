import EventEmitter from 'events';
import type { Env } from './env';
import { invalidArgType } from './errors';
import { ChunkDecoder, normalizeEncoding } from './text';
import { ArrayPrototypeJoin, ArrayPrototypePush, ArrayPrototypeShift, MathMin, ObjectGetPrototypeOf, ObjectSetPrototypeOf, StringPrototypeSlice, TypedArrayPrototypeSet } from './primordials';

/**
 * A Buffer of `n` bytes made as the package's allocUnsafe makes it, without its live calls
 * (Object.setPrototypeOf): standard input is read while the program runs.
 */
function newBuffer(env: Env, n: number): Uint8Array {
  const buf = new Uint8Array(n);
  ObjectSetPrototypeOf(buf, env.Buffer().prototype);
  return buf;
}

/** Part of a chunk (text, or a Buffer sharing its memory), on built-ins taken before the program ran. */
function sliceChunk<T extends string | Uint8Array>(chunk: T, start: number, end: number): T {
  if (typeof chunk === 'string') return StringPrototypeSlice(chunk, start, end) as T;
  const part = new Uint8Array(chunk.buffer, chunk.byteOffset + start, end - start);
  ObjectSetPrototypeOf(part, ObjectGetPrototypeOf(chunk));
  return part as T;
}

/** Node reads pipes and files in chunks of this size. */
const CHUNK = 64 * 1024;

type Chunk = string | Uint8Array;

/**
 * process.stdin (and fs.createReadStream of it) with Node's readable-stream behaviour: 'data' in
 * flowing mode, 'readable' with read(), pause/resume, setEncoding, async iteration, 'end' and
 * 'close'. Chunks arrive one per turn of the loop, 64 KiB each, as they come off a pipe; while it
 * is being read, stdin keeps the program alive, and a paused stdin does not.
 */
export class InputStream extends EventEmitter {
  readonly fd = 0;
  readable = true;
  readableEnded = false;
  destroyed = false;
  // Private fields (#), not properties: nothing a program holds leads to the runtime's bridge.
  readonly #env: Env;
  #decoder: ChunkDecoder | null = null;
  private flowing: boolean | null = null;
  private readableMode = false;
  private buffer: Chunk[] = [];
  private sourceDone = false;
  private endQueued = false;
  private pumping = false;
  private endReadableSent = false;

  constructor(env: Env) {
    super();
    this.#env = env;
    this.on('newListener', (event: string | symbol) => {
      if (event === 'data' && this.flowing !== false) this.resume();
      if (event === 'readable') {
        this.readableMode = true;
        this.flowing = false;
        this.pump();
      }
    });
  }

  get readableFlowing(): boolean | null {
    return this.flowing;
  }

  get readableEncoding(): string | null {
    return this.#decoder ? this.#decoder.encoding : null;
  }

  setEncoding(encoding?: unknown): this {
    const enc = normalizeEncoding(encoding);
    if (enc === null) throw new TypeError(`Unknown encoding: ${String(encoding)}`);
    this.#decoder = new ChunkDecoder(this.#env.host, enc);
    return this;
  }

  resume(): this {
    this.flowing = true;
    this.pump();
    return this;
  }

  pause(): this {
    if (this.flowing !== false) {
      this.flowing = false;
      this.emit('pause');
    }
    return this;
  }

  isPaused(): boolean {
    return this.flowing === false;
  }

  read(size?: number): Chunk | null {
    if (this.buffer.length === 0) {
      if (this.sourceDone) this.queueEnd();
      else this.pump();
      return null;
    }
    let out: Chunk;
    if (size === undefined || size === null || !(size > 0)) out = this.takeAll();
    else {
      const all = this.takeAll();
      if (all.length <= size) out = all;
      else {
        out = sliceChunk(all, 0, size);
        ArrayPrototypePush(this.buffer, sliceChunk(all, size, all.length));
      }
    }
    if (this.buffer.length === 0 && this.sourceDone) this.queueEnd();
    else this.pump();
    return out;
  }

  pipe<T extends { write(chunk: unknown): unknown; end?(): unknown }>(dest: T, options?: { end?: boolean }): T {
    this.on('data', (chunk: Chunk) => dest.write(chunk));
    const isStdio = (dest as unknown as { _isStdio?: boolean })._isStdio === true;
    if (options?.end !== false && !isStdio) this.on('end', () => dest.end?.());
    return dest;
  }

  unpipe(): this {
    this.removeAllListeners('data');
    return this;
  }

  unshift(chunk: Chunk): void {
    this.buffer.unshift(chunk);
  }

  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.readable = false;
    this.#env.loop.schedule(() => this.#env.loop.invoke(() => this.emit('close')), -1);
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Chunk, void, undefined> {
    const queue: Chunk[] = [];
    let head = 0;
    let done = false;
    let wake: (() => void) | null = null;
    const onData = (chunk: Chunk) => {
      ArrayPrototypePush(queue, chunk);
      wake?.();
    };
    const onEnd = () => {
      done = true;
      wake?.();
    };
    this.on('data', onData);
    this.on('end', onEnd);
    this.on('close', onEnd);
    try {
      for (;;) {
        if (head < queue.length) {
          const chunk = queue[head]!;
          queue[head++] = '';
          yield chunk;
          continue;
        }
        if (done) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      this.removeListener('data', onData);
      this.removeListener('end', onEnd);
      this.removeListener('close', onEnd);
      if (!done) this.destroy();
    }
  }

  private get wantsData(): boolean {
    if (this.destroyed || this.readableEnded) return false;
    if (this.flowing === true) return true;
    return this.readableMode && this.buffer.length === 0;
  }

  private pump(): void {
    if (this.pumping || !this.wantsData) return;
    this.pumping = true;
    this.#env.loop.ref();
    const { input } = this.#env;
    // Woken once input beyond what was read has arrived (it may have arrived just now).
    if (input.starved) this.#env.loop.scheduleOnInput(() => this.step(), input.position);
    else this.#env.loop.schedule(() => this.step(), -1);
  }

  /** One turn of the loop: one chunk (or the end) goes to the program. */
  private step(): void {
    this.pumping = false;
    const { loop } = this.#env;
    if (this.flowing === true && this.buffer.length > 0) {
      const chunk = ArrayPrototypeShift(this.buffer)!;
      loop.invoke(() => this.emit('data', chunk));
    } else if (!this.sourceDone) {
      const chunk = this.pull();
      if (chunk !== null) {
        if (this.flowing === true) loop.invoke(() => this.emit('data', chunk));
        else {
          ArrayPrototypePush(this.buffer, chunk);
          if (this.readableMode) loop.invoke(() => this.emit('readable'));
        }
      }
    }
    if (this.sourceDone && this.buffer.length === 0 && !this.destroyed) {
      if (this.readableMode && !this.endReadableSent) {
        this.endReadableSent = true;
        loop.invoke(() => this.emit('readable'));
      }
      if (this.flowing === true || this.readableMode) this.queueEnd();
    }
    this.pump();
    loop.unref();
  }

  private pull(): Chunk | null {
    const { input } = this.#env;
    const n = MathMin(CHUNK, input.remaining);
    if (n === 0) {
      if (input.starved) return null;
      this.sourceDone = true;
      const rest = this.#decoder ? this.#decoder.end() : '';
      return rest.length > 0 ? rest : null;
    }
    if (this.#decoder) {
      const bytes = new Uint8Array(n);
      input.readInto(bytes, 0, n);
      if (input.exhausted) {
        this.sourceDone = true;
        return this.#decoder.end(bytes);
      }
      return this.#decoder.write(bytes);
    }
    const buf = newBuffer(this.#env, n);
    input.readInto(buf, 0, n);
    if (input.exhausted) this.sourceDone = true;
    return buf;
  }

  private takeAll(): Chunk {
    const parts = this.buffer;
    this.buffer = [];
    if (parts.length === 1) return parts[0]!;
    if (typeof parts[0] === 'string') return ArrayPrototypeJoin(parts, '');
    let total = 0;
    for (let i = 0; i < parts.length; i++) total += parts[i]!.length;
    const all = newBuffer(this.#env, total);
    for (let i = 0, at = 0; i < parts.length; i++) {
      TypedArrayPrototypeSet(all, parts[i] as Uint8Array, at);
      at += parts[i]!.length;
    }
    return all;
  }

  private queueEnd(): void {
    if (this.endQueued) return;
    this.endQueued = true;
    const { loop } = this.#env;
    loop.ref();
    loop.schedule(() => {
      this.readableEnded = true;
      this.readable = false;
      loop.invoke(() => this.emit('end'));
      loop.schedule(() => {
        if (!this.destroyed) {
          this.destroyed = true;
          loop.invoke(() => this.emit('close'));
        }
        loop.unref();
      }, -1);
    }, -1);
  }
}

/** Converts what a program writes to text, as Node's streams accept it. */
export function chunkText(env: Env, chunk: unknown, encoding: unknown): string {
  if (typeof chunk === 'string') {
    const enc = normalizeEncoding(encoding);
    if (enc === null) throw new TypeError(`Unknown encoding: ${String(encoding)}`);
    if (enc === 'utf8' || enc === 'ascii' || enc === 'latin1' || enc === 'utf16le') return chunk;
    return env.Buffer().from(chunk, enc as BufferEncoding).toString('utf8');
  }
  if (chunk instanceof Uint8Array) return env.host.decode(chunk, 0, chunk.length, 'utf8');
  throw invalidArgType('chunk', 'of type string or an instance of Buffer or Uint8Array', chunk);
}

/** process.stdout and process.stderr: writes are synchronous, as for pipes on Linux. */
export class OutputStream extends EventEmitter {
  writable = true;
  writableEnded = false;
  readonly _isStdio = true;
  readonly writableHighWaterMark = 16384;
  readonly writableLength = 0;
  readonly writableNeedDrain = false;

  readonly #env: Env;

  constructor(
    env: Env,
    readonly fd: 1 | 2,
  ) {
    super();
    this.#env = env;
  }

  write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    const text = chunkText(this.#env, chunk, encoding);
    if (this.fd === 1) this.#env.stdout(text);
    else this.#env.stderr(text);
    if (typeof callback === 'function') this.later(callback as () => void);
    return true;
  }

  end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    this.writableEnded = true;
    this.later(() => this.emit('finish'));
    if (typeof callback === 'function') this.later(callback as () => void);
    return this;
  }

  cork(): void {}
  uncork(): void {}
  setDefaultEncoding(): this {
    return this;
  }
  destroy(): this {
    return this;
  }

  private later(fn: () => void): void {
    const { loop } = this.#env;
    loop.ref();
    loop.schedule(() => {
      loop.invoke(fn);
      loop.unref();
    }, -1);
  }
}
