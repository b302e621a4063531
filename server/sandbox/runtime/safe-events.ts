import type EventEmitter from 'events';
import { ArrayPrototypePush, ArrayPrototypeShift, ArrayPrototypeUnshift, ObjectCreate, ObjectDefineProperty, ObjectGetPrototypeOf, ReflectApply } from './primordials';

/**
 * The npm `events` package (bundled as the program's `events` and as the base of the runtime's
 * streams and readline) calls live built-ins on its hot paths: emit copies its arguments with
 * Array.prototype.push, once binds with Function.prototype.bind, the constructor calls
 * `EventEmitter.init.call`, adding and removing listeners use Object.create, push, unshift and
 * shift. A program that replaces any of them would break the runtime's own emitters (stdin,
 * readline), where Node's own emitter (built on primordials) goes on working. These replacements
 * keep the package's data layout (`_events`, `_eventsCount`, arrays with `warned`) and behaviour,
 * on the built-ins captured before the program ran. Installed once per context.
 */

type Listener = ((...args: unknown[]) => unknown) & { listener?: Listener };
interface Emitter {
  _events: Record<PropertyKey, Listener | (Listener[] & { warned?: boolean })> | undefined;
  _eventsCount: number;
  _maxListeners: number | undefined;
  emit(type: PropertyKey, ...args: unknown[]): boolean;
  removeListener(type: PropertyKey, listener: Listener): unknown;
  getMaxListeners(): number;
}

export function hardenEmitter(EE: typeof EventEmitter): void {
  const proto = EE.prototype as unknown as Record<string, unknown>;
  const originalOn = proto.on as (this: unknown, type: unknown, listener: unknown) => unknown;
  const originalRemove = proto.removeListener as (this: unknown, type: unknown, listener: unknown) => unknown;

  function init(this: Emitter): void {
    if (this._events === undefined || this._events === (ObjectGetPrototypeOf(this) as Emitter)._events) {
      this._events = ObjectCreate(null) as Emitter['_events'];
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
  }
  // The package's constructor runs `EventEmitter.init.call(this)`: an own `call` answers it, so a
  // replaced Function.prototype.call is never reached.
  ObjectDefineProperty(init, 'call', { value: (self: Emitter) => ReflectApply(init, self, []) });
  (EE as unknown as { init: unknown }).init = init;

  proto.emit = function emit(this: Emitter, type: PropertyKey, ...args: unknown[]): boolean {
    let doError = type === 'error';
    const events = this._events;
    if (events !== undefined) doError = doError && events.error === undefined;
    else if (!doError) return false;
    if (doError) {
      const er = args.length > 0 ? args[0] : undefined;
      if (er instanceof Error) throw er; // Unhandled 'error' event
      const err = new Error(`Unhandled error.${er ? ` (${(er as { message?: unknown }).message})` : ''}`) as Error & { context?: unknown };
      err.context = er;
      throw err; // Unhandled 'error' event
    }
    const handler = events![type as string];
    if (handler === undefined) return false;
    if (typeof handler === 'function') ReflectApply(handler, this, args);
    else {
      const len = handler.length;
      const listeners: Listener[] = [];
      for (let i = 0; i < len; i++) listeners[i] = handler[i]!;
      for (let i = 0; i < len; i++) ReflectApply(listeners[i]!, this, args);
    }
    return true;
  };

  function add(target: Emitter, type: PropertyKey, listener: unknown, prepend: boolean): unknown {
    // Anything unusual (a listener that is not a function, which throws the package's TypeError)
    // goes through the package.
    if (typeof listener !== 'function') return ReflectApply(originalOn, target, [type, listener]);
    const fn = listener as Listener;
    let events = target._events;
    let existing: Listener | (Listener[] & { warned?: boolean }) | undefined;
    if (events === undefined) {
      events = target._events = ObjectCreate(null) as NonNullable<Emitter['_events']>;
      target._eventsCount = 0;
    } else {
      if (events.newListener !== undefined) {
        target.emit('newListener', type, fn.listener ? fn.listener : fn);
        events = target._events!;
      }
      existing = events[type as string];
    }
    if (existing === undefined) {
      events[type as string] = fn;
      ++target._eventsCount;
      return target;
    }
    if (typeof existing === 'function') existing = events[type as string] = prepend ? [fn, existing] : [existing, fn];
    else if (prepend) ArrayPrototypeUnshift(existing, fn);
    else ArrayPrototypePush(existing, fn);
    const m = target.getMaxListeners();
    if (m > 0 && existing.length > m && !existing.warned) {
      existing.warned = true;
      const w = new Error(`Possible EventEmitter memory leak detected. ${existing.length} ${String(type)} listeners added. Use emitter.setMaxListeners() to increase limit`) as Error & Record<string, unknown>;
      w.name = 'MaxListenersExceededWarning';
      w.emitter = target;
      w.type = type;
      w.count = existing.length;
      if (console && console.warn) console.warn(w);
    }
    return target;
  }

  function onceWrap(target: Emitter, type: PropertyKey, listener: Listener): Listener {
    const state = { fired: false, wrapFn: undefined as Listener | undefined, target, type, listener };
    const wrapped: Listener = (...args: unknown[]) => {
      if (state.fired) return undefined;
      state.target.removeListener(state.type, state.wrapFn!);
      state.fired = true;
      return ReflectApply(state.listener, state.target, args);
    };
    wrapped.listener = listener;
    state.wrapFn = wrapped;
    return wrapped;
  }

  proto.addListener = proto.on = function addListener(this: Emitter, type: PropertyKey, listener: unknown) {
    return add(this, type, listener, false);
  };
  proto.prependListener = function prependListener(this: Emitter, type: PropertyKey, listener: unknown) {
    return add(this, type, listener, true);
  };
  proto.once = function once(this: Emitter, type: PropertyKey, listener: unknown) {
    if (typeof listener !== 'function') return ReflectApply(originalOn, this, [type, listener]);
    add(this, type, onceWrap(this, type, listener as Listener), false);
    return this;
  };
  proto.prependOnceListener = function prependOnceListener(this: Emitter, type: PropertyKey, listener: unknown) {
    if (typeof listener !== 'function') return ReflectApply(originalOn, this, [type, listener]);
    add(this, type, onceWrap(this, type, listener as Listener), true);
    return this;
  };

  proto.removeListener = proto.off = function removeListener(this: Emitter, type: PropertyKey, listener: unknown) {
    if (typeof listener !== 'function') return ReflectApply(originalRemove, this, [type, listener]);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type as string];
    if (list === undefined) return this;
    if (list === listener || (list as Listener).listener === listener) {
      if (--this._eventsCount === 0) this._events = ObjectCreate(null) as Emitter['_events'];
      else {
        delete events[type as string];
        if (events.removeListener) this.emit('removeListener', type, (list as Listener).listener || listener);
      }
    } else if (typeof list !== 'function') {
      let position = -1;
      let originalListener: Listener | undefined;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i]!.listener === listener) {
          originalListener = list[i]!.listener;
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      if (position === 0) ArrayPrototypeShift(list);
      else {
        for (let i = position; i + 1 < list.length; i++) list[i] = list[i + 1]!;
        list.length--;
      }
      if (list.length === 1) events[type as string] = list[0]!;
      if (events.removeListener !== undefined) this.emit('removeListener', type, originalListener || listener);
    }
    return this;
  };
}
