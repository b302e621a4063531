import { deepEqual } from './assert';
import type { Env } from './env';
import { invalidArgType } from './errors';
import { makeTextCoding } from './text';
import { makeTypes } from './util-types';
import { ArrayIsArray, ArrayPrototypePop, ArrayPrototypePush, ObjectAssign, ObjectDefineProperties, ObjectDefineProperty, ObjectGetOwnPropertyDescriptors, ObjectGetPrototypeOf, ObjectSetPrototypeOf, ReflectApply, SymbolFor } from './primordials';

const PROMISIFY_CUSTOM = SymbolFor('nodejs.util.promisify.custom');
const INSPECT_CUSTOM = SymbolFor('nodejs.util.inspect.custom');

/** The parts of Node's `util` a solution may reach for; what they do when called runs on primordials. */
export function makeUtil(env: Env) {
  const { TextEncoder, TextDecoder } = makeTextCoding(env.host);

  const inspect = ObjectAssign((value: unknown, options?: unknown) => env.inspect(value, options), {
    custom: INSPECT_CUSTOM,
    defaultOptions: { depth: 2, colors: false, showHidden: false },
  });

  function promisify(original: unknown) {
    if (typeof original !== 'function') throw invalidArgType('original', 'of type function', original);
    const custom = (original as unknown as Record<symbol, unknown>)[PROMISIFY_CUSTOM];
    if (custom !== undefined) {
      if (typeof custom !== 'function') throw invalidArgType('util.promisify.custom', 'of type function', custom);
      return ObjectDefineProperty(custom, PROMISIFY_CUSTOM, { value: custom, enumerable: false, writable: false, configurable: true });
    }
    // As Node's: the first value the callback gives, the original's prototype and own properties
    // (its name and length too), and the same function back when promisified again.
    const target = original as (...args: unknown[]) => unknown;
    function promisified(this: unknown, ...args: unknown[]) {
      return new Promise((resolve, reject) => {
        // Pushed, not spread: spreading calls the (patchable) array iterator.
        ArrayPrototypePush(args, (err: unknown, value: unknown) => (err ? reject(err) : resolve(value)));
        ReflectApply(target, this, args);
      });
    }
    ObjectSetPrototypeOf(promisified, ObjectGetPrototypeOf(original));
    ObjectDefineProperty(promisified, PROMISIFY_CUSTOM, { value: promisified, enumerable: false, writable: false, configurable: true });
    return ObjectDefineProperties(promisified, ObjectGetOwnPropertyDescriptors(original));
  }
  promisify.custom = PROMISIFY_CUSTOM;

  const types = makeTypes();

  return {
    format: (...args: unknown[]) => env.format(args),
    formatWithOptions: (options: unknown, ...args: unknown[]) => {
      if (options === null || typeof options !== 'object') throw invalidArgType('inspectOptions', 'of type object', options);
      return env.formatWith(options, args);
    },
    inspect,
    promisify,
    callbackify(original: unknown) {
      if (typeof original !== 'function') throw invalidArgType('original', 'of type function', original);
      return function (this: unknown, ...args: unknown[]) {
        const cb = ArrayPrototypePop(args) as (err: unknown, value?: unknown) => void;
        (ReflectApply(original, this, args) as Promise<unknown>).then(
          (value) => env.loop.invoke(cb, undefined, [null, value]),
          (err) => env.loop.invoke(cb, undefined, [err]),
        );
      };
    },
    inherits(ctor: { prototype: object; super_?: unknown }, superCtor: { prototype: object }) {
      ObjectDefineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
      ObjectSetPrototypeOf(ctor.prototype, superCtor.prototype);
    },
    deprecate: <F>(fn: F) => fn,
    debuglog: () => ObjectAssign(() => {}, { enabled: false }),
    isDeepStrictEqual: (a: unknown, b: unknown) => deepEqual(env.host, a, b, true),
    types,
    isArray: ArrayIsArray,
    isBoolean: (v: unknown) => typeof v === 'boolean',
    isNumber: (v: unknown) => typeof v === 'number',
    isString: (v: unknown) => typeof v === 'string',
    isFunction: (v: unknown) => typeof v === 'function',
    isObject: (v: unknown) => v !== null && typeof v === 'object',
    isPrimitive: (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
    isUndefined: (v: unknown) => v === undefined,
    isNull: (v: unknown) => v === null,
    isNullOrUndefined: (v: unknown) => v === null || v === undefined,
    TextEncoder,
    TextDecoder,
    stripVTControlCharacters: (s: string) => String(s).replace(/\u001b\[[0-9;]*[A-Za-z]/g, ''),
  };
}
