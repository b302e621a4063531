import type { HostBridge } from './bridge';
import { ArrayPrototypeJoin, ArrayPrototypePush, ObjectKeys, StringPrototypeIncludes, SymbolFor, withOriginals } from './primordials';

/**
 * util.format and util.inspect. Arguments that are all strings and numbers (nearly every
 * console.log of a contest program) are joined here, as Node would; anything else is formatted by
 * the host's own util.formatWithOptions, with custom inspectors off so no program code is handed
 * a host object. The result is always a plain string.
 */
// Captured before any program runs: a program may replace JSON.stringify.
const stringify = JSON.stringify;
const apply = Reflect.apply;
const CUSTOM = SymbolFor('nodejs.util.inspect.custom');
const { isFinite } = Number;
/** What the host's formatter answers when formatting threw (server/sandbox/host/worker.ts). */
const UNFORMATTABLE = '[value that cannot be formatted]';

const OPTION_KEYS = ['depth', 'showHidden', 'colors', 'compact', 'breakLength', 'sorted', 'maxArrayLength', 'maxStringLength', 'numericSeparator', 'getters'];

/**
 * The inspect options a program passed, as JSON can carry them to the host: only plain values,
 * and Infinity (which JSON cannot spell) as null where util reads null as "no limit", or as a
 * length no line reaches for breakLength.
 */
function inspectOptions(options: unknown): Record<string, unknown> {
  const opts: Record<string, unknown> = {};
  if (options === null || typeof options !== 'object') return opts;
  for (let i = 0; i < OPTION_KEYS.length; i++) {
    const key = OPTION_KEYS[i]!;
    const v = (options as Record<string, unknown>)[key];
    if (typeof v === 'number' && !isFinite(v)) opts[key] = key === 'breakLength' ? Number.MAX_SAFE_INTEGER : null;
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) opts[key] = v;
  }
  return opts;
}

/** list.map(fn), on nothing a program can replace. */
function mapList<T, U>(list: readonly T[], fn: (v: T) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < list.length; i++) out[i] = fn(list[i]!);
  return out;
}

export function makeFormat(host: HostBridge, isBuffer: (v: unknown) => boolean) {
  const simple = (v: unknown): string | null => {
    switch (typeof v) {
      case 'string':
        return v;
      case 'number':
        return v === 0 && 1 / v < 0 ? '-0' : String(v);
      case 'bigint':
        return `${v}n`;
      case 'boolean':
        return v ? 'true' : 'false';
      case 'undefined':
        return 'undefined';
      case 'object':
        return v === null ? 'null' : null;
      default:
        return null;
    }
  };

  const viaHost = (options: object, args: readonly unknown[]): string => {
    const list: unknown[] = [];
    for (let i = 0; i < args.length; i++) list[i] = args[i];
    const json = stringify(options);
    const text = host.format(json, list);
    // Node's inspect calls some methods of the values it shows (a Map's or Set's iterator): where one
    // the program replaced throws, Node's console.log throws the program's error, which the host
    // cannot hand over. The value is shown again on the original built-ins instead, as the
    // unpatched program would have shown it.
    return text === UNFORMATTABLE ? withOriginals(() => host.format(json, list)) : text;
  };

  // A Buffer prints as Node prints it: its inspector is the package's, and custom inspectors are off.
  const bufferText = (v: unknown): unknown => (isBuffer(v) ? (v as { inspect(): string }).inspect() : v);

  /**
   * A value's own `[util.inspect.custom]` method, for a value printed directly (an argument of
   * console.log, util.format or util.inspect). It is the program's code and runs here, in the
   * program's context, as Node would run it; the host's formatter never calls program code, so a
   * custom inspector inside an array or object is not used (see server/sandbox/differences.ts).
   */
  const customOf = (v: unknown): ((...args: unknown[]) => unknown) | null => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function') || isBuffer(v)) return null;
    const f = (v as Record<symbol, unknown>)[CUSTOM];
    return typeof f === 'function' ? (f as (...args: unknown[]) => unknown) : null;
  };
  const customText = (v: unknown, f: (...args: unknown[]) => unknown, options: Record<string, unknown>): string | null => {
    const depth = typeof options.depth === 'number' ? options.depth : options.depth === null ? Infinity : 2;
    const given = { depth: 2, colors: false, customInspect: true, showHidden: false, showProxy: false, maxArrayLength: 100, maxStringLength: 10000, breakLength: 128, compact: 3, sorted: false, getters: false, numericSeparator: false, ...options, stylize: (text: unknown) => String(text) };
    const result = apply(f, v, [depth, given, inspect]);
    if (result === v) return null;
    return typeof result === 'string' ? result : inspect(result, options);
  };

  const format = (input: readonly unknown[]): string => {
    if (!(typeof input[0] === 'string' && StringPrototypeIncludes(input[0], '%'))) {
      for (let i = 0; i < input.length; i++) {
        if (customOf(input[i]) === null) continue;
        // As Node joins the arguments: strings as they are, anything else inspected.
        const parts: string[] = [];
        for (let k = 0; k < input.length; k++) {
          const f = customOf(input[k]);
          const text = f === null ? null : customText(input[k], f, {});
          ArrayPrototypePush(parts, text ?? formatPlain([input[k]]));
        }
        return ArrayPrototypeJoin(parts, ' ');
      }
    }
    return formatPlain(input);
  };

  const formatPlain = (input: readonly unknown[]): string => {
    let args = input;
    for (let i = 0; i < input.length; i++) {
      if (typeof input[i] === 'object' && isBuffer(input[i])) {
        args = mapList(input, bufferText);
        break;
      }
    }
    const n = args.length;
    if (n === 0) return '';
    const first = args[0];
    if (n === 1) {
      const s = simple(first);
      if (s !== null) return s;
      return viaHost({}, args);
    }
    if (typeof first === 'string' && StringPrototypeIncludes(first, '%')) return viaHost({}, args);
    let text = '';
    for (let i = 0; i < n; i++) {
      const s = simple(args[i]);
      if (s === null) return viaHost({}, args);
      text = i === 0 ? s : `${text} ${s}`;
    }
    return text;
  };

  const inspect = (value: unknown, options?: unknown): string => {
    if (isBuffer(value)) return bufferText(value) as string;
    const custom = customOf(value);
    if (custom !== null && !(options !== null && typeof options === 'object' && (options as { customInspect?: unknown }).customInspect === false)) {
      const text = customText(value, custom, inspectOptions(options));
      if (text !== null) return text;
    }
    return viaHost({ ...inspectOptions(options), inspect: true }, [value]);
  };

  /** util.formatWithOptions: as `format`, with the caller's inspect options. */
  const formatWith = (options: unknown, args: readonly unknown[]): string => {
    const opts = inspectOptions(options);
    if (ObjectKeys(opts).length === 0) return format(args);
    return viaHost(opts, mapList(args, bufferText));
  };

  return { format, formatWith, inspect };
}
