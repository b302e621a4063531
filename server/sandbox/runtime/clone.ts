import {
  ArrayBufferIsView,
  ArrayBufferPrototypeSlice,
  ArrayIsArray,
  DatePrototypeGetTime,
  ErrorIsError,
  FunctionPrototypeToString,
  MapPrototypeForEach,
  MapPrototypeGet,
  MapPrototypeSet,
  ObjectDefineProperty,
  ObjectHasOwn,
  ObjectKeys,
  ObjectPrototypeToString,
  SetPrototypeAdd,
  SetPrototypeForEach,
  StringPrototypeSlice,
  TypedArrayPrototypeSlice,
} from './primordials';

// The error kinds the structured clone algorithm keeps; any other name becomes "Error".
const ERROR_KINDS: Record<string, ErrorConstructor> = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };

/** Whether `v` is a real Error (has the internal error slot), not an object dressed as one. */
export function isNativeError(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (ErrorIsError !== undefined) return ErrorIsError(v);
  // Without Error.isError (Node 22): the built-in tag, unless a Symbol.toStringTag could forge it.
  return ObjectPrototypeToString(v) === '[object Error]' && !(Symbol.toStringTag in v);
}

/** Objects with internal state the algorithm cannot copy (HTML's "platform objects" and the like). */
function uncloneable(v: object): boolean {
  return v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise || v instanceof WeakRef || (typeof FinalizationRegistry === 'function' && v instanceof FinalizationRegistry);
}

/**
 * structuredClone for the value kinds contest code clones (plain objects, arrays, Map, Set, Date,
 * RegExp, typed arrays, Errors, primitives), keeping shared and circular references. Node's is
 * native code, which no patched built-in reaches; this one runs on primordials.
 */
export function structuredClone<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') {
      // A function is shown by its source text, as V8 shows it (not by a toString the program gave it).
      if (typeof v === 'function') throw new DOMExceptionLike(`${FunctionPrototypeToString(v)} could not be cloned.`);
      if (typeof v === 'symbol') throw new DOMExceptionLike(`${String(v)} could not be cloned.`);
      return v;
    }
    const known = MapPrototypeGet(seen, v);
    if (known !== undefined) return known;
    if (uncloneable(v)) throw new DOMExceptionLike(`#<${StringPrototypeSlice(ObjectPrototypeToString(v), 8, -1)}> could not be cloned.`);
    if (v instanceof Date) return new Date(DatePrototypeGetTime(v));
    if (isNativeError(v)) {
      const e = v as Error & { cause?: unknown };
      const name = typeof e.name === 'string' && ObjectHasOwn(ERROR_KINDS, e.name) ? e.name : 'Error';
      // A real error of the kind (so it is a native error), its own properties replaced by the copy's.
      const out = new ERROR_KINDS[name]!() as Error & { cause?: unknown };
      MapPrototypeSet(seen, v, out);
      const define = (key: string, value: unknown) => ObjectDefineProperty(out, key, { value, writable: true, configurable: true, enumerable: false });
      if (ObjectHasOwn(e, 'message')) define('message', String(e.message));
      if (typeof e.stack === 'string') define('stack', e.stack);
      if (ObjectHasOwn(e, 'cause')) define('cause', copy(e.cause));
      return out;
    }
    // The pattern and flags from the RegExp's own slots, not from its (patchable) source and flags getters.
    if (v instanceof RegExp) return new RegExp(v);
    if (ArrayBufferIsView(v)) {
      const out = TypedArrayPrototypeSlice(v);
      MapPrototypeSet(seen, v, out);
      return out;
    }
    if (v instanceof ArrayBuffer) return ArrayBufferPrototypeSlice(v, 0);
    if (v instanceof Map) {
      const out = new Map();
      MapPrototypeSet(seen, v, out);
      MapPrototypeForEach(v, (x: unknown, k: unknown) => {
        const key = copy(k);
        MapPrototypeSet(out, key, copy(x));
      });
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      MapPrototypeSet(seen, v, out);
      SetPrototypeForEach(v, (x: unknown) => SetPrototypeAdd(out, copy(x)));
      return out;
    }
    if (ArrayIsArray(v)) {
      const out: unknown[] = new Array(v.length);
      MapPrototypeSet(seen, v, out);
      for (let i = 0; i < v.length; i++) if (i in v) out[i] = copy(v[i]);
      return out;
    }
    const out: Record<string, unknown> = {};
    MapPrototypeSet(seen, v, out);
    const keys = ObjectKeys(v);
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = copy((v as Record<string, unknown>)[keys[i]!]);
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
