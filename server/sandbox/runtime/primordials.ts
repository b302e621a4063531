/**
 * The built-ins the runtime calls while a program runs, taken before the program ran (as Node's
 * own primordials are): a program may replace Array.prototype.push, String.prototype.slice,
 * Function.prototype.call or anything else, and the runtime's console, streams, readline, require
 * and events must go on working as Node's do. Each prototype method becomes a plain function of
 * its receiver (`ArrayPrototypePush(list, x)`), bound once, so no later patch of `call`, `bind`
 * or the method itself reaches it. Evaluated once per context, at install time (index.ts imports
 * it before anything else); the handful of bound functions costs a few microseconds.
 */

const { apply, ownKeys } = Reflect;
const { bind, call } = Function.prototype;

/** `fn` as a function of its receiver: uncurryThis(Array.prototype.push)(list, x) pushes x. */
const uncurryThis: <T, A extends unknown[], R>(fn: (this: T, ...args: A) => R) => (self: T, ...args: A) => R = apply(bind, bind, [call]) as never;

export const ReflectApply = apply;
export const ReflectOwnKeys = ownKeys;
export const FunctionPrototypeBind = uncurryThis(bind as (this: unknown, ...args: unknown[]) => unknown) as <F>(fn: F, self: unknown, ...args: unknown[]) => F;

export const ArrayPrototypePush = uncurryThis(Array.prototype.push) as <T>(list: T[], ...items: T[]) => number;
export const ArrayPrototypeUnshift = uncurryThis(Array.prototype.unshift) as <T>(list: T[], ...items: T[]) => number;
export const ArrayPrototypeShift = uncurryThis(Array.prototype.shift) as <T>(list: T[]) => T | undefined;
export const ArrayPrototypeSlice = uncurryThis(Array.prototype.slice) as <T>(list: readonly T[], start?: number, end?: number) => T[];
export const ArrayPrototypeConcat = uncurryThis(Array.prototype.concat) as <T>(list: readonly T[], ...more: (T | readonly T[])[]) => T[];
export const ArrayPrototypeSplice = uncurryThis(Array.prototype.splice) as <T>(list: T[], start: number, count?: number) => T[];
export const ArrayPrototypeJoin = uncurryThis(Array.prototype.join) as (list: readonly unknown[], sep?: string) => string;
export const ArrayPrototypeIndexOf = uncurryThis(Array.prototype.indexOf) as <T>(list: readonly T[], item: T) => number;
export const ArrayPrototypePop = uncurryThis(Array.prototype.pop) as <T>(list: T[]) => T | undefined;

export const StringPrototypeSlice = uncurryThis(String.prototype.slice) as (s: string, start?: number, end?: number) => string;
export const StringPrototypeSplit = uncurryThis(String.prototype.split as (this: string, sep: string) => string[]) as (s: string, sep: string) => string[];
export const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt) as (s: string, i: number) => number;
export const StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith) as (s: string, prefix: string) => boolean;
export const StringPrototypeEndsWith = uncurryThis(String.prototype.endsWith) as (s: string, suffix: string) => boolean;
export const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf) as (s: string, search: string, from?: number) => number;
export const StringPrototypeIncludes = uncurryThis(String.prototype.includes) as (s: string, search: string) => boolean;
export const StringPrototypeCodePointAt = uncurryThis(String.prototype.codePointAt) as (s: string, i: number) => number | undefined;
export const StringPrototypeToLowerCase = uncurryThis(String.prototype.toLowerCase) as (s: string) => string;
export const StringPrototypeTrim = uncurryThis(String.prototype.trim) as (s: string) => string;
export const StringPrototypeRepeat = uncurryThis(String.prototype.repeat) as (s: string, count: number) => string;

export const RegExpPrototypeExec = uncurryThis(RegExp.prototype.exec) as (re: RegExp, s: string) => RegExpExecArray | null;

export const MapPrototypeGet = uncurryThis(Map.prototype.get) as <K, V>(map: Map<K, V>, key: K) => V | undefined;
export const MapPrototypeSet = uncurryThis(Map.prototype.set) as <K, V>(map: Map<K, V>, key: K, value: V) => Map<K, V>;
export const MapPrototypeHas = uncurryThis(Map.prototype.has) as <K, V>(map: Map<K, V>, key: K) => boolean;
export const MapPrototypeDelete = uncurryThis(Map.prototype.delete) as <K, V>(map: Map<K, V>, key: K) => boolean;
export const SetPrototypeAdd = uncurryThis(Set.prototype.add) as <T>(set: Set<T>, item: T) => Set<T>;
export const SetPrototypeHas = uncurryThis(Set.prototype.has) as <T>(set: Set<T>, item: T) => boolean;
// Iteration of a Map or Set without its (patchable) iterator or the iterator's next.
export const MapPrototypeForEach = uncurryThis(Map.prototype.forEach as (this: Map<unknown, unknown>, fn: (value: unknown, key: unknown) => void) => void) as <K, V>(map: Map<K, V>, fn: (value: V, key: K) => void) => void;
export const SetPrototypeForEach = uncurryThis(Set.prototype.forEach as (this: Set<unknown>, fn: (value: unknown) => void) => void) as <T>(set: Set<T>, fn: (value: T) => void) => void;

export const ObjectPrototypeHasOwnProperty = uncurryThis(Object.prototype.hasOwnProperty) as (o: unknown, key: PropertyKey) => boolean;
export const ObjectPrototypeToString = uncurryThis(Object.prototype.toString) as (o: unknown) => string;
export const FunctionPrototypeToString = uncurryThis(Function.prototype.toString) as (fn: unknown) => string;
export const TypedArrayPrototypeSet = uncurryThis(Uint8Array.prototype.set as (this: Uint8Array, a: ArrayLike<number>, offset?: number) => void);
export const TypedArrayPrototypeSlice = uncurryThis((Object.getPrototypeOf(Uint8Array.prototype) as { slice: (this: ArrayBufferView) => ArrayBufferView }).slice);
export const ArrayBufferPrototypeSlice = uncurryThis(ArrayBuffer.prototype.slice) as (buffer: ArrayBuffer, start?: number, end?: number) => ArrayBuffer;
export const DatePrototypeGetTime = uncurryThis(Date.prototype.getTime) as (date: Date) => number;
export const { setPrototypeOf: ObjectSetPrototypeOf, create: ObjectCreate, keys: ObjectKeys, defineProperty: ObjectDefineProperty, getPrototypeOf: ObjectGetPrototypeOf } = Object;
export const { assign: ObjectAssign, hasOwn: ObjectHasOwn, is: ObjectIs, defineProperties: ObjectDefineProperties, getOwnPropertyDescriptors: ObjectGetOwnPropertyDescriptors } = Object;
export const { isArray: ArrayIsArray } = Array;
export const { isView: ArrayBufferIsView } = ArrayBuffer;
/** Error.isError where the engine has it (Node 24 on), else undefined. */
export const ErrorIsError = (Error as unknown as { isError?: (v: unknown) => boolean }).isError;
export const { min: MathMin, max: MathMax } = Math;
export const SymbolFor = Symbol.for;

/** A copy of bytes[from..] as a plain Uint8Array (the few bytes of an unfinished character). */
export function copyTail(bytes: Uint8Array, from: number): Uint8Array {
  const out = new Uint8Array(bytes.length - from);
  for (let i = 0; i < out.length; i++) out[i] = bytes[from + i]!;
  return out;
}

/** A Set of `items` built without the Set constructor's calls to the (patchable) add and array iterator. */
export function SafeSet<T>(items: readonly T[]): Set<T> {
  const set = new Set<T>();
  for (let i = 0; i < items.length; i++) SetPrototypeAdd(set, items[i]!);
  return set;
}

const { getOwnPropertyDescriptor, defineProperty: reflectDefine } = Reflect;
const arrayIteratorPrototype = ObjectGetPrototypeOf([][Symbol.iterator]()) as object;
const stringIteratorPrototype = ObjectGetPrototypeOf(''[Symbol.iterator]()) as object;
const mapIteratorPrototype = ObjectGetPrototypeOf(new Map()[Symbol.iterator]()) as object;
const setIteratorPrototype = ObjectGetPrototypeOf(new Set()[Symbol.iterator]()) as object;

/** The built-ins module code (ours or the bundled npm packages') may use while it is evaluated, and their originals. */
const HOLDERS: object[] = [];
const KEYS: PropertyKey[] = [];
const ORIGINAL: unknown[] = [];
const guard = (holder: object, keys: PropertyKey[]) => {
  for (let i = 0; i < keys.length; i++) {
    const n = HOLDERS.length;
    HOLDERS[n] = holder;
    KEYS[n] = keys[i]!;
    ORIGINAL[n] = (holder as Record<PropertyKey, unknown>)[keys[i]!];
  }
};
guard(Array.prototype, ['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'join', 'map', 'forEach', 'filter', 'indexOf', 'includes', 'concat', 'reduce', 'some', 'every', 'fill', 'keys', Symbol.iterator]);
guard(Array, ['isArray', 'from']);
guard(String.prototype, ['split', 'slice', 'substring', 'indexOf', 'charCodeAt', 'codePointAt', 'replace', 'trim', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'includes', Symbol.iterator]);
guard(String, ['fromCharCode']);
guard(Object, ['keys', 'entries', 'values', 'assign', 'create', 'defineProperty', 'defineProperties', 'freeze', 'getOwnPropertyNames', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'setPrototypeOf']);
guard(Object.prototype, ['hasOwnProperty', 'toString']);
guard(Function.prototype, ['call', 'apply', 'bind']);
guard(Map.prototype, ['get', 'set', 'has', Symbol.iterator]);
guard(Set.prototype, ['add', 'has', Symbol.iterator]);
guard(arrayIteratorPrototype, ['next']);
guard(stringIteratorPrototype, ['next']);
guard(mapIteratorPrototype, ['next']);
guard(setIteratorPrototype, ['next']);
guard(Symbol, ['for']);
guard(Math, ['min', 'max', 'floor', 'pow', 'abs']);
guard(Reflect, ['apply', 'ownKeys']);
guard(JSON, ['stringify', 'parse']);
guard(RegExp.prototype, ['exec', 'test', Symbol.replace, Symbol.split]);
guard(Uint8Array.prototype, ['set', 'subarray', 'fill']);
guard(Number, ['isNaN', 'isInteger']);

/**
 * Runs `load` (the first evaluation of a module the runtime builds on demand, after the program
 * started) with every guarded built-in the program replaced put back for the duration, then
 * the program's versions restored: module top levels (the npm buffer package's lookup tables, a
 * `new Set([...])`) are not rewritten on primordials, and need not be.
 */
export function withOriginals<T>(load: () => T): T {
  const changed: [object, PropertyKey, PropertyDescriptor | undefined][] = [];
  for (let i = 0; i < HOLDERS.length; i++) {
    const holder = HOLDERS[i]!;
    const key = KEYS[i]!;
    // A plain read first (a descriptor per built-in costs a tenth of a millisecond per module);
    // a getter the program put there that throws counts as a change.
    let same = false;
    try {
      same = (holder as Record<PropertyKey, unknown>)[key] === ORIGINAL[i];
    } catch {}
    if (same) continue;
    const desc = getOwnPropertyDescriptor(holder, key);
    if (desc !== undefined && desc.value === ORIGINAL[i]) continue;
    if (reflectDefine(holder, key, { value: ORIGINAL[i], writable: true, enumerable: false, configurable: true })) changed[changed.length] = [holder, key, desc];
  }
  try {
    return load();
  } finally {
    for (let i = changed.length - 1; i >= 0; i--) {
      // Indexed, not destructured: destructuring an array calls its (patchable) iterator.
      const holder = changed[i]![0];
      const key = changed[i]![1];
      const desc = changed[i]![2];
      if (desc === undefined) delete (holder as Record<PropertyKey, unknown>)[key];
      else reflectDefine(holder, key, desc);
    }
  }
}
