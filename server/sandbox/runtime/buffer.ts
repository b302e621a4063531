import type { HostBridge } from './bridge';
import { normalizeEncoding } from './text';
import { MathMax, MathMin, ReflectApply, SymbolFor } from './primordials';

type BufferModule = typeof import('buffer');
type BufferClass = BufferModule['Buffer'];

/**
 * Node's Buffer for the context: the `buffer` package (a faithful port, evaluated in the context so
 * no object of the worker's realm is handed out), with text conversions done by the host's native
 * code, because the package's pure-JavaScript UTF-8 paths are slow on megabyte inputs.
 */
export function loadBuffer(host: HostBridge): BufferModule {
  // Required here rather than imported: most programs never touch Buffer, so it is built on demand.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('buffer') as BufferModule;
  const Buffer = mod.Buffer as BufferClass & { prototype: Record<string, unknown> };
  const proto = Buffer.prototype as unknown as Record<string, unknown>;
  const originalFrom = Buffer.from as (...args: unknown[]) => Buffer;
  const originalByteLength = Buffer.byteLength as (...args: unknown[]) => number;
  const originalToString = proto.toString as (this: Uint8Array, ...args: unknown[]) => string;
  const originalWrite = proto.write as (this: Uint8Array, ...args: unknown[]) => number;

  const fromString = (text: string, encoding: unknown): Buffer => {
    const enc = normalizeEncoding(encoding);
    if (enc === null) throw new TypeError(`Unknown encoding: ${String(encoding)}`);
    const n = host.byteLength(text, enc);
    const buf = Buffer.allocUnsafe(n);
    const written = n > 0 ? host.encode(text, buf, 0, n, enc) : 0;
    return written === n ? buf : buf.subarray(0, written);
  };

  // Node's own text for a long Buffer ends "... 10 more bytes>", where the package's ends "... >".
  const inspect = function inspect(this: Uint8Array) {
    const max = 50;
    let text = (originalToString.call(this, 'hex', 0, max) as string).replace(/(.{2})/g, '$1 ').trim();
    if (this.length > max) text += ` ... ${this.length - max} more byte${this.length - max > 1 ? 's' : ''}`;
    return `<Buffer ${text}>`;
  };
  Object.defineProperty(proto, 'inspect', { value: inspect, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(proto, SymbolFor('nodejs.util.inspect.custom'), { value: inspect, writable: true, configurable: true, enumerable: true });

  Object.defineProperty(Buffer, 'from', {
    value: function from(value: unknown, encodingOrOffset?: unknown, length?: unknown) {
      if (typeof value === 'string') return fromString(value, encodingOrOffset);
      return originalFrom(value, encodingOrOffset, length);
    },
    writable: true,
    configurable: true,
  });

  Object.defineProperty(Buffer, 'byteLength', {
    value: function byteLength(value: unknown, encoding?: unknown) {
      if (typeof value === 'string') {
        const enc = normalizeEncoding(encoding) ?? 'utf8';
        return host.byteLength(value, enc);
      }
      return originalByteLength(value, encoding);
    },
    writable: true,
    configurable: true,
  });

  proto.toString = function toString(this: Uint8Array, encoding?: unknown, start?: unknown, end?: unknown): string {
    const enc = normalizeEncoding(encoding);
    if (enc === null || !(this instanceof Uint8Array)) return ReflectApply(originalToString, this, [encoding, start, end]);
    const len = this.length;
    let s = start === undefined ? 0 : MathMax(0, Number(start) | 0);
    let e = end === undefined ? len : MathMin(len, Number(end) | 0);
    if (s >= len || e <= s) return '';
    if (s < 0) s = 0;
    if (e > len) e = len;
    return host.decode(this, s, e, enc);
  };
  proto.toLocaleString = proto.toString;

  proto.write = function write(this: Uint8Array, text: unknown, offset?: unknown, length?: unknown, encoding?: unknown): number {
    let off = 0;
    let len: number | undefined;
    let enc: unknown = 'utf8';
    if (offset === undefined) {
      // write(string)
    } else if (length === undefined && typeof offset === 'string') {
      enc = offset;
    } else {
      off = Number(offset) >>> 0;
      if (length !== undefined && typeof length !== 'string') {
        len = Number(length) >>> 0;
        if (encoding !== undefined) enc = encoding;
      } else if (typeof length === 'string') {
        enc = length;
      }
    }
    const norm = normalizeEncoding(enc);
    if (typeof text !== 'string' || norm === null) return ReflectApply(originalWrite, this, [text, offset, length, encoding]);
    if (off > this.length) throw new RangeError('Attempt to write outside buffer bounds');
    const room = this.length - off;
    const max = len === undefined || len > room ? room : len;
    return max > 0 ? host.encode(text, this, off, max, norm) : 0;
  };

  return mod;
}
