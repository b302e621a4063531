/**
 * How the runtime itself emits the process's events ('exit', 'uncaughtException', 'beforeExit'...):
 * from the listener table the `events` package keeps, with nothing a program can replace on the way
 * (the package's own emit calls Array.prototype.push; a program may have patched it, or emit itself,
 * or listenerCount). Node's internals are protected the same way, by built-ins captured at start-up.
 */

const apply = Reflect.apply;

type Listener = (...args: unknown[]) => unknown;

function listenersOf(target: object, event: string): Listener[] {
  const events = (target as { _events?: Record<string, unknown> })._events;
  if (events === null || typeof events !== 'object') return [];
  const entry = events[event];
  if (typeof entry === 'function') return [entry as Listener];
  const list: Listener[] = [];
  // An array of listeners: copied first, as the package does, so a listener that adds or removes
  // others does not change this emit.
  if (entry !== null && typeof entry === 'object') {
    const n = (entry as { length?: unknown }).length;
    if (typeof n === 'number') for (let i = 0; i < n; i++) list[i] = (entry as Listener[])[i]!;
  }
  return list;
}

/** The number of listeners for `event`. */
export function countListeners(target: object, event: string): number {
  return listenersOf(target, event).length;
}

/** Calls each listener of `event` with `args` (a listener's exception propagates); returns whether there was any. */
export function emitTo(target: object, event: string, args: unknown[]): boolean {
  const list = listenersOf(target, event);
  for (let i = 0; i < list.length; i++) {
    const listener = list[i]!;
    if (typeof listener === 'function') apply(listener, target, args);
  }
  return list.length > 0;
}
