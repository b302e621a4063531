/**
 * The functions the worker gives each fresh context. They belong to the worker's realm, so the
 * runtime keeps them in closures, never hands them to the program, and passes them primitives only
 * (the exceptions: values to format, and byte arrays the runtime itself allocated).
 */
export interface HostBridge {
  /** Calls the context's `fire(id)` after `ms` milliseconds, or on the next turn when `ms < 0`. */
  schedule(id: number, ms: number): void;
  cancel(id: number): void;
  /** The input from byte offset `from`, decoded as `encoding`. */
  inputText(from: number, encoding: string): string;
  inputLength(): number;
  /** Copies input bytes [from, to) into `target` at `at`; returns the count copied. */
  inputCopy(target: Uint8Array, at: number, from: number, to: number): number;
  decode(bytes: Uint8Array, start: number, end: number, encoding: string): string;
  /** Writes `text` into `target` from `at`, at most `max` bytes; returns the bytes written. */
  encode(text: string, target: Uint8Array, at: number, max: number, encoding: string): number;
  byteLength(text: string, encoding: string): number;
  /** The longest start of `text` whose UTF-8 form fits in `maxBytes` (whole characters only). */
  cutUtf8(text: string, maxBytes: number): string;
  /** Node's util.formatWithOptions without custom inspectors; `options` is JSON. */
  format(options: string, args: unknown[]): string;
  deepEqual(a: unknown, b: unknown, strict: boolean): number;
  /** Milliseconds, monotonic. */
  now(): number;
  hrtime(): bigint;
  /** CPU time of the run so far, microseconds. */
  cpuMicros(): number;
  /** JSON of process.memoryUsage(). */
  memory(): string;
  /** Rewrites solution.js positions in a stack to the user's TypeScript lines. */
  mapStack(text: string): string;
  /**
   * Interactive runs: waits for input (mode 0 does not wait, 1 waits for more than `known` bytes,
   * 2 for the end); returns the bytes received so far, or -(bytes + 1) once input has ended.
   */
  inputWait(known: number, mode: number): number;
  /** Calls the context's `fire(id)` once more than `known` bytes have arrived or input has ended. */
  inputWatch(id: number, known: number): void;
  /** Interactive runs: passes stdout text to the interactor at once. */
  emit(text: string): void;
}

/**
 * Ends the run (`status` is a RunStatus). Kept apart from the bridge, in the runtime's closure only:
 * the verdict and the output it carries can come from nowhere else.
 */
export type FinishRun = (status: string, exitCode: number, stdout: string, stderr: string, message: string | null) => void;

/** What the worker may call in a context. Every entry catches its own errors. */
export interface RuntimeControl {
  /** The context's Node globals (process, console, timers...), to define on its global object. */
  globals: Record<string, unknown>;
  /** Globals built on first use: accessor functions of the context. */
  accessors: Record<string, { get: () => unknown; set: (v: unknown) => void }>;
  /** The context's own Promise.prototype and Object.prototype, taken before any program ran: the worker tells the run's values by them. */
  promisePrototype: object;
  objectPrototype: object;
  start(program: unknown, outputLimit: number, live?: boolean): void;
  fire(id: number): void;
  rejection(reason: unknown): void;
  /** An exception of this context that reached the worker uncaught. */
  exception(error: unknown): void;
}

/**
 * Guards calls into the worker's realm: the one error a host function can still throw is a stack
 * overflow raised on entry, which would be the worker's RangeError; replace it with one of ours.
 * Arguments are forwarded one by one, not spread or passed to Reflect.apply: a program may have
 * replaced the array iterator or Reflect.apply, and must never be handed a host function.
 */
export function guarded<F extends (...args: never[]) => unknown>(f: F): F {
  const call = f as unknown as (a?: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown) => unknown;
  return function (a?: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown) {
    try {
      return call(a, b, c, d, e);
    } catch {
      throw new RangeError('Maximum call stack size exceeded');
    }
  } as unknown as F;
}

export function guardBridge(host: HostBridge): HostBridge {
  const out = {} as Record<string, unknown>;
  for (const key of Object.keys(host) as (keyof HostBridge)[]) out[key] = guarded(host[key] as (...args: never[]) => unknown);
  return out as unknown as HostBridge;
}
