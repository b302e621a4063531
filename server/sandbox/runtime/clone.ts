/**
 * structuredClone for the value kinds contest code clones (plain objects, arrays, Map, Set, Date,
 * RegExp, typed arrays, primitives), keeping shared and circular references.
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
    if (v instanceof Date) return new Date(v.getTime());
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
