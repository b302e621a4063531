import { isNativeError } from './clone';

/**
 * util.types, by brand checks as Node's are: each asks the value's internal slots (a built-in
 * method or getter that throws on any other object), so an object merely created from a
 * built-in's prototype is not taken for one.
 */
const call = Reflect.apply;
const getter = (proto: object, key: PropertyKey) => Object.getOwnPropertyDescriptor(proto, key)!.get!;
const brand =
  (method: (...args: never[]) => unknown, ...args: unknown[]) =>
  (v: unknown): boolean => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return false;
    try {
      call(method, v, args);
      return true;
    } catch {
      return false;
    }
  };
const objectTag = Object.prototype.toString;
const tag = (v: unknown) => (call(objectTag, v, []) as string).slice(8, -1);
const typedArrayName = getter(Object.getPrototypeOf(Uint8Array.prototype) as object, Symbol.toStringTag);
const typedArrayIs = (name: string) => (v: unknown) => call(typedArrayName, v, []) === name;
const functionTag = (pattern: RegExp) => (v: unknown) => typeof v === 'function' && pattern.test(tag(v));
const regExpSource = getter(RegExp.prototype, 'source');

export function makeTypes() {
  const isNumberObject = brand(Number.prototype.valueOf);
  const isStringObject = brand(String.prototype.valueOf);
  const isBooleanObject = brand(Boolean.prototype.valueOf);
  const isBigIntObject = brand(BigInt.prototype.valueOf);
  const isSymbolObject = brand(Symbol.prototype.valueOf);
  const isSharedArrayBuffer = typeof SharedArrayBuffer === 'function' ? brand(getter(SharedArrayBuffer.prototype, 'byteLength')) : () => false;
  const isArrayBuffer = brand(getter(ArrayBuffer.prototype, 'byteLength'));
  return {
    isPromise: (v: unknown) => v instanceof Promise && tag(v) === 'Promise',
    isRegExp: (v: unknown) => v !== RegExp.prototype && brand(regExpSource)(v),
    isDate: brand(Date.prototype.getTime),
    isMap: brand(getter(Map.prototype, 'size')),
    isSet: brand(getter(Set.prototype, 'size')),
    isWeakMap: brand(WeakMap.prototype.has, {}),
    isWeakSet: brand(WeakSet.prototype.has, {}),
    isMapIterator: (v: unknown) => typeof v === 'object' && v !== null && tag(v) === 'Map Iterator',
    isSetIterator: (v: unknown) => typeof v === 'object' && v !== null && tag(v) === 'Set Iterator',
    isGeneratorObject: (v: unknown) => typeof v === 'object' && v !== null && tag(v) === 'Generator',
    isTypedArray: (v: unknown) => call(typedArrayName, v, []) !== undefined,
    isUint8Array: typedArrayIs('Uint8Array'),
    isUint8ClampedArray: typedArrayIs('Uint8ClampedArray'),
    isUint16Array: typedArrayIs('Uint16Array'),
    isUint32Array: typedArrayIs('Uint32Array'),
    isInt8Array: typedArrayIs('Int8Array'),
    isInt16Array: typedArrayIs('Int16Array'),
    isInt32Array: typedArrayIs('Int32Array'),
    isFloat32Array: typedArrayIs('Float32Array'),
    isFloat64Array: typedArrayIs('Float64Array'),
    isBigInt64Array: typedArrayIs('BigInt64Array'),
    isBigUint64Array: typedArrayIs('BigUint64Array'),
    isDataView: brand(getter(DataView.prototype, 'byteLength')),
    isArrayBufferView: (v: unknown) => ArrayBuffer.isView(v),
    isArrayBuffer,
    isSharedArrayBuffer,
    isAnyArrayBuffer: (v: unknown) => isArrayBuffer(v) || isSharedArrayBuffer(v),
    isNativeError,
    isAsyncFunction: functionTag(/^Async(Generator)?Function$/),
    isGeneratorFunction: functionTag(/GeneratorFunction$/),
    isArgumentsObject: (v: unknown) => typeof v === 'object' && v !== null && tag(v) === 'Arguments',
    isNumberObject,
    isStringObject,
    isBooleanObject,
    isBigIntObject,
    isSymbolObject,
    isBoxedPrimitive: (v: unknown) => isNumberObject(v) || isStringObject(v) || isBooleanObject(v) || isBigIntObject(v) || isSymbolObject(v),
    // A Proxy cannot be told from its target inside the language; see server/sandbox/differences.ts.
    isProxy: () => false,
    isModuleNamespaceObject: () => false,
    isExternal: () => false,
  };
}
