import EventEmitter from 'events';
import type { Env } from './env';
import { invalidArgType, nodeError } from './errors';
import { ChunkDecoder } from './text';
import { ArrayPrototypeSplice, ArrayPrototypePush, MathMax, RegExpPrototypeExec, StringPrototypeCharCodeAt, StringPrototypeEndsWith, StringPrototypeSlice } from './primordials';

/** Node's line ending for readline: \n, \r\n, or a lone \r. */
const LINE_ENDING = /\r?\n|\r(?!\n)/g;

interface Readable extends EventEmitter {
  resume(): unknown;
  pause(): unknown;
}
interface Writable {
  write(chunk: string): unknown;
}

type LineCallback = (line: string) => void;

/**
 * readline.Interface for a non-terminal input, following Node's own algorithm: lines split on
 * \n, \r\n or \r (also across chunks), a last line without a newline delivered at the end, then
 * 'close'; rl.question, prompt, pause/resume and `for await (const line of rl)`.
 */
export function makeReadline(env: Env) {
  class Interface extends EventEmitter {
    readonly terminal = false;
    readonly line = '';
    readonly cursor = 0;
    closed = false;
    readonly input: Readable;
    readonly output: Writable | undefined;
    private readonly crlfDelay: number;
    private lineBuffer: string | null = null;
    private sawReturnAt = 0;
    private decoder: ChunkDecoder | null = null;
    private paused = false;
    private promptText = '> ';
    private questionCallback: LineCallback | null = null;
    private readonly onData: (chunk: unknown) => void;
    private readonly onEnd: () => void;

    constructor(inputOrOptions: unknown, output?: unknown) {
      super();
      let options: Record<string, unknown>;
      if (inputOrOptions !== null && typeof inputOrOptions === 'object' && 'input' in inputOrOptions) options = inputOrOptions as Record<string, unknown>;
      else options = { input: inputOrOptions, output };
      const input = options.input as Readable | undefined;
      if (!input || typeof input.on !== 'function') throw invalidArgType('input', 'an instance of Stream', input);
      this.input = input;
      this.output = (options.output ?? undefined) as Writable | undefined;
      this.crlfDelay = MathMax(100, Number(options.crlfDelay) || 100);
      if (typeof options.prompt === 'string') this.promptText = options.prompt;
      this.onData = (chunk) => this.normalWrite(chunk);
      this.onEnd = () => {
        if (typeof this.lineBuffer === 'string' && this.lineBuffer.length > 0) this.onLine(this.lineBuffer);
        this.lineBuffer = null;
        this.close();
      };
      input.on('data', this.onData);
      input.on('end', this.onEnd);
      this.once('close', () => {
        input.removeListener('data', this.onData);
        input.removeListener('end', this.onEnd);
      });
      input.resume();
    }

    private normalWrite(chunk: unknown): void {
      if (chunk === undefined) return;
      let text: string;
      if (typeof chunk === 'string') text = chunk;
      else {
        this.decoder ??= new ChunkDecoder(env.host, 'utf8');
        text = this.decoder.write(chunk as Uint8Array);
      }
      if (this.sawReturnAt && env.host.now() - this.sawReturnAt <= this.crlfDelay) {
        if (StringPrototypeCharCodeAt(text, 0) === 10) text = StringPrototypeSlice(text, 1);
        this.sawReturnAt = 0;
      }
      LINE_ENDING.lastIndex = 0;
      let match = RegExpPrototypeExec(LINE_ENDING, text);
      if (match !== null) {
        if (this.lineBuffer) {
          text = this.lineBuffer + text;
          this.lineBuffer = null;
          LINE_ENDING.lastIndex = 0;
          match = RegExpPrototypeExec(LINE_ENDING, text)!;
        }
        this.sawReturnAt = StringPrototypeEndsWith(text, '\r') ? env.host.now() : 0;
        const indexes = [0, match.index, LINE_ENDING.lastIndex];
        let next: RegExpExecArray | null;
        while ((next = RegExpPrototypeExec(LINE_ENDING, text)) !== null) ArrayPrototypePush(indexes, next.index, LINE_ENDING.lastIndex);
        const last = indexes.length - 1;
        this.lineBuffer = StringPrototypeSlice(text, indexes[last]);
        for (let i = 1; i < last; i += 2) this.onLine(StringPrototypeSlice(text, indexes[i - 1], indexes[i]));
      } else if (text) {
        this.lineBuffer = this.lineBuffer ? this.lineBuffer + text : text;
      }
    }

    private onLine(line: string): void {
      const cb = this.questionCallback;
      if (cb) {
        this.questionCallback = null;
        cb(line);
      } else this.emit('line', line);
    }

    setPrompt(prompt: unknown): void {
      this.promptText = String(prompt);
    }

    getPrompt(): string {
      return this.promptText;
    }

    prompt(): void {
      if (this.closed) throw nodeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      if (this.paused) this.resume();
      this.output?.write(this.promptText);
    }

    question(query: unknown, optionsOrCb?: unknown, cb?: unknown): void {
      const callback = typeof optionsOrCb === 'function' ? optionsOrCb : cb;
      if (this.closed) throw nodeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      if (typeof callback !== 'function') return;
      if (this.questionCallback) {
        this.prompt();
        return;
      }
      this.questionCallback = callback as LineCallback;
      if (this.paused) this.resume();
      this.output?.write(String(query));
    }

    write(data: unknown): void {
      if (this.closed) throw nodeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
      this.normalWrite(data);
    }

    pause(): this {
      if (this.paused) return this;
      this.input.pause();
      this.paused = true;
      this.emit('pause');
      return this;
    }

    resume(): this {
      if (!this.paused) return this;
      this.input.resume();
      this.paused = false;
      this.emit('resume');
      return this;
    }

    close(): void {
      if (this.closed) return;
      this.pause();
      this.closed = true;
      this.emit('close');
    }

    getCursorPos() {
      return { rows: 0, cols: 0 };
    }

    [Symbol.asyncIterator](): AsyncIterableIterator<string> {
      const queue: string[] = [];
      let head = 0;
      let done = this.closed;
      let wake: (() => void) | null = null;
      const onLine = (line: string) => {
        ArrayPrototypePush(queue, line);
        wake?.();
      };
      const onClose = () => {
        done = true;
        wake?.();
      };
      this.on('line', onLine);
      this.on('close', onClose);
      const finish = () => {
        this.removeListener('line', onLine);
        this.removeListener('close', onClose);
      };
      const iterator: AsyncIterableIterator<string> = {
        next: async (): Promise<IteratorResult<string>> => {
          for (;;) {
            if (head < queue.length) {
              const value = queue[head]!;
              queue[head++] = '';
              if (head > 1024 && head * 2 > queue.length) {
                ArrayPrototypeSplice(queue, 0, head);
                head = 0;
              }
              return { value, done: false };
            }
            if (done) {
              finish();
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
          }
        },
        return: async (): Promise<IteratorResult<string>> => {
          finish();
          this.close();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    }
  }

  const createInterface = (input: unknown, output?: unknown) => new Interface(input, output);

  class PromisesInterface extends Interface {
    // The promise form replaces the callback form, as in readline/promises.
    question(query: unknown): Promise<string> {
      return new Promise((resolve) => super.question(query, resolve));
    }
  }

  const promises = {
    Interface: PromisesInterface,
    createInterface: (input: unknown, output?: unknown) => new PromisesInterface(input, output),
    Readline: class {},
  };

  const noop = (_s?: unknown, _a?: unknown, _b?: unknown, cb?: unknown) => {
    if (typeof cb === 'function') cb();
    return true;
  };

  return {
    Interface,
    createInterface,
    promises,
    clearLine: noop,
    clearScreenDown: noop,
    cursorTo: noop,
    moveCursor: noop,
    emitKeypressEvents: () => {},
  };
}
