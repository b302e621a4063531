// The error kinds the structured clone algorithm keeps; any other name becomes "Error".
const ERROR_KINDS: Record<string, ErrorConstructor> = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
const toStringTag = Object.prototype.toString;

/** Whether `v` is a real Error (has the internal error slot), not an object dressed as one. */
export function isNativeError(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  const isError = (Error as unknown as { isError?: (x: unknown) => boolean }).isError;
  if (typeof isError === 'function') return isError(v);
  // Without Error.isError (Node 22): the built-in tag, unless a Symbol.toStringTag could forge it.
  return Reflect.apply(toStringTag, v, []) === '[object Error]' && !(Symbol.toStringTag in v);
}

/** Objects with internal state the algorithm cannot copy (HTML's "platform objects" and the like). */
function uncloneable(v: object): boolean {
  return v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise || v instanceof WeakRef || (typeof FinalizationRegistry === 'function' && v instanceof FinalizationRegistry);
}

/**
 * structuredClone for the value kinds contest code clones (plain objects, arrays, Map, Set, Date,
 * RegExp, typed arrays, Errors, primitives), keeping shared and circular references.
 */
export function structuredClone<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function' || typeof v === 'symbol') throw new DOMExceptionLike(`${String(v)} could not be cloned.`);
      return v;
    }
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (uncloneable(v)) throw new DOMExceptionLike(`#<${Reflect.apply(toStringTag, v, []).slice(8, -1)}> could not be cloned.`);
    if (v instanceof Date) return new Date(v.getTime());
    if (isNativeError(v)) {
      const e = v as Error & { cause?: unknown };
      const name = typeof e.name === 'string' && Object.hasOwn(ERROR_KINDS, e.name) ? e.name : 'Error';
      // A real error of the kind (so it is a native error), its own properties replaced by the copy's.
      const out = new ERROR_KINDS[name]!() as Error & { cause?: unknown };
      seen.set(v, out);
      const define = (key: string, value: unknown) => Object.defineProperty(out, key, { value, writable: true, configurable: true, enumerable: false });
      if (Object.hasOwn(e, 'message')) define('message', String(e.message));
      if (typeof e.stack === 'string') define('stack', e.stack);
      if (Object.hasOwn(e, 'cause')) define('cause', copy(e.cause));
      return out;
    }
    if (v instanceof RegExp) return new RegExp(v.source, v.flags);
    if (ArrayBuffer.isView(v)) {
      const out = (v as unknown as { slice(): unknown }).slice();
      seen.set(v, out);
      return out;
    }
    if (v instanceof ArrayBuffer) return v.slice(0);
    if (v instanceof Map) {
      const out = new Map();
      seen.set(v, out);
      for (const [k, x] of v) out.set(copy(k), copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      seen.set(v, out);
      for (const x of v) out.add(copy(x));
      return out;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      seen.set(v, out);
      for (let i = 0; i < v.length; i++) if (i in v) out[i] = copy(v[i]);
      return out;
    }
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const k of Object.keys(v)) out[k] = copy((v as Record<string, unknown>)[k]);
    return out;
  };
  return copy(value) as T;
}

class DOMExceptionLike extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataCloneError';
  }
}
