import type { HostBridge } from './bridge';

// Captured before any program runs: a program may replace Reflect.apply.
const apply = Reflect.apply;

/** Thrown through the program's stack by process.exit() and by the output limit. */
export const EXIT: object = Object.freeze({ toString: () => 'process.exit()' });

type Task = () => void;

/**
 * The program's event loop as Node would see it: the run ends when nothing the program waits for
 * is left (ref'ed timers, stdin being read, pending callbacks), or when it calls process.exit().
 * Every callback the program gave us runs through `invoke`, so an exception it does not catch ends
 * the run as an uncaught exception ends a Node process.
 */
export class Loop {
  /** Things that keep the program alive (Node's ref'ed handles and requests). */
  private refs = 0;
  /** Counts ref() calls, so an idle check can tell whether `beforeExit` listeners did anything. */
  private activity = 0;
  private idleActivity = -1;
  private nextId = 1;
  /** By id; a plain dictionary, not a Map: a program may patch Map's methods and iterators. */
  private readonly tasks: Record<number, Task> = Object.create(null) as Record<number, Task>;
  private checking = false;
  finished = false;
  /** Emits process 'beforeExit'; returns whether anyone listened. */
  onBeforeExit: () => boolean = () => false;
  /** The loop is empty: the program has ended normally. */
  onDrained: () => void = () => {};
  onUncaught: (error: unknown) => void = () => {};

  constructor(private readonly host: Pick<HostBridge, 'schedule' | 'cancel' | 'inputWatch'>) {}

  /** Runs `task` after `ms` (or on the next turn when ms < 0); returns an id for `cancel`. */
  schedule(task: Task, ms: number): number {
    const id = this.nextId++;
    this.tasks[id] = task;
    if (!this.finished) this.host.schedule(id, ms);
    return id;
  }

  /** Runs `task` once more than `known` input bytes have arrived (interactive runs) or input ended. */
  scheduleOnInput(task: Task, known: number): number {
    const id = this.nextId++;
    this.tasks[id] = task;
    if (!this.finished) this.host.inputWatch(id, known);
    return id;
  }

  cancel(id: number): void {
    if (!(id in this.tasks)) return;
    delete this.tasks[id];
    if (!this.finished) this.host.cancel(id);
  }

  ref(): void {
    this.refs++;
    this.activity++;
  }

  unref(): void {
    this.refs--;
    if (this.refs <= 0) this.checkSoon();
  }

  fire(id: number): void {
    const task = this.tasks[id];
    if (!task || this.finished) return;
    delete this.tasks[id];
    task();
  }

  /** Calls program code; an exception it does not catch is an uncaught exception. */
  invoke(fn: (...args: never[]) => unknown, thisArg?: unknown, args: readonly unknown[] = []): void {
    if (this.finished) return;
    try {
      apply(fn, thisArg, args);
    } catch (e) {
      this.onUncaught(e);
    }
  }

  /** After the current turn and its microtasks, ends the run if nothing keeps it alive. */
  checkSoon(): void {
    if (this.checking || this.finished) return;
    this.checking = true;
    this.schedule(() => {
      this.checking = false;
      if (this.refs > 0 || this.finished) return;
      if (this.activity !== this.idleActivity) {
        this.idleActivity = this.activity;
        if (this.onBeforeExit()) return this.checkSoon();
      }
      this.onDrained();
    }, -1);
  }

  /** Stops everything: no callback of this run fires again. */
  close(): void {
    this.finished = true;
    for (const id in this.tasks) {
      this.host.cancel(Number(id));
      delete this.tasks[id];
    }
  }
}
