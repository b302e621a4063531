import type { HostBridge } from './bridge';
import { invalidArgType, nodeError } from './errors';
import { copyTail, StringPrototypeCharCodeAt, StringPrototypeCodePointAt, StringPrototypeSlice, StringPrototypeToLowerCase, StringPrototypeTrim } from './primordials';

/** Node's spelling of an encoding name, or null when Node would not know it. */
export function normalizeEncoding(enc: unknown): string | null {
  if (enc === undefined || enc === null || enc === '') return 'utf8';
  switch (StringPrototypeToLowerCase(String(enc))) {
    case 'utf8':
    case 'utf-8':
      return 'utf8';
    case 'ucs2':
    case 'ucs-2':
    case 'utf16le':
    case 'utf-16le':
      return 'utf16le';
    case 'latin1':
    case 'binary':
      return 'latin1';
    case 'ascii':
      return 'ascii';
    case 'hex':
      return 'hex';
    case 'base64':
      return 'base64';
    case 'base64url':
      return 'base64url';
    default:
      return null;
  }
}

/** Bytes at the end of [start, end) that begin a UTF-8 sequence the range does not finish. */
export function utf8IncompleteTail(bytes: Uint8Array, start: number, end: number): number {
  for (let i = 1; i <= 3 && end - i >= start; i++) {
    const b = bytes[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > i ? i : 0;
  }
  return 0;
}

/** Views any ArrayBuffer or ArrayBufferView as bytes. */
export function asBytes(value: unknown, name = 'input'): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer)) return new Uint8Array(value);
  throw invalidArgType(name, 'an instance of ArrayBuffer or ArrayBufferView', value);
}

/**
 * Decodes a byte stream chunk by chunk, never splitting a character between chunks (the job of
 * Node's StringDecoder, and of TextDecoder with `stream: true`).
 */
export class ChunkDecoder {
  private pending: Uint8Array | null = null;

  constructor(
    private readonly host: HostBridge,
    readonly encoding: string,
  ) {}

  write(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.pending) {
      bytes = new Uint8Array(this.pending.length + chunk.length);
      bytes.set(this.pending, 0);
      bytes.set(chunk, this.pending.length);
      this.pending = null;
    }
    const keep = this.tail(bytes);
    const end = bytes.length - keep;
    if (keep > 0) this.pending = copyTail(bytes, end);
    return end > 0 ? this.host.decode(bytes, 0, end, this.encoding) : '';
  }

  end(chunk?: Uint8Array): string {
    let text = chunk ? this.write(chunk) : '';
    if (this.pending) {
      text += this.host.decode(this.pending, 0, this.pending.length, this.encoding);
      this.pending = null;
    }
    return text;
  }

  private tail(bytes: Uint8Array): number {
    switch (this.encoding) {
      case 'utf8':
        return utf8IncompleteTail(bytes, 0, bytes.length);
      case 'utf16le':
        return bytes.length % 2;
      case 'base64':
      case 'base64url':
        return bytes.length % 3;
      default:
        return 0;
    }
  }
}

export function makeTextCoding(host: HostBridge) {
  class TextEncoder {
    get encoding(): string {
      return 'utf-8';
    }
    encode(input: unknown = ''): Uint8Array {
      const text = String(input);
      const n = host.byteLength(text, 'utf8');
      const out = new Uint8Array(n);
      if (n > 0) host.encode(text, out, 0, n, 'utf8');
      return out;
    }
    encodeInto(input: unknown, dest: Uint8Array): { read: number; written: number } {
      const text = String(input);
      const written = host.encode(text, asBytes(dest, 'dest'), 0, dest.length, 'utf8');
      // Count the UTF-16 units whose bytes fitted.
      let read = 0;
      let bytes = 0;
      while (read < text.length) {
        const cp = StringPrototypeCodePointAt(text, read)!;
        const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (bytes + n > written) break;
        bytes += n;
        read += cp > 0xffff ? 2 : 1;
      }
      return { read, written };
    }
  }

  class TextDecoder {
    private readonly enc: string;
    private stream: ChunkDecoder | null = null;
    private bomSeen = false;
    /** With `fatal`, the bytes of a character a streamed chunk began and did not finish. */
    private unchecked: Uint8Array | null = null;
    readonly fatal: boolean;
    readonly ignoreBOM: boolean;

    constructor(label: unknown = 'utf-8', options: { fatal?: boolean; ignoreBOM?: boolean } = {}) {
      const enc = StringPrototypeTrim(StringPrototypeToLowerCase(String(label)));
      const known: Record<string, string> = { 'utf-8': 'utf8', utf8: 'utf8', 'unicode-1-1-utf-8': 'utf8', 'utf-16le': 'utf16le', 'utf-16': 'utf16le', latin1: 'latin1', 'iso-8859-1': 'latin1', ascii: 'latin1', 'us-ascii': 'latin1', 'windows-1252': 'latin1' };
      const found = known[enc];
      if (!found) throw new RangeError(`The "${String(label)}" encoding is not supported`);
      this.enc = found;
      this.fatal = Boolean(options?.fatal);
      this.ignoreBOM = Boolean(options?.ignoreBOM);
    }

    get encoding(): string {
      return this.enc === 'utf8' ? 'utf-8' : this.enc === 'utf16le' ? 'utf-16le' : 'windows-1252';
    }

    decode(input?: unknown, options?: { stream?: boolean }): string {
      const bytes = input === undefined ? new Uint8Array(0) : asBytes(input);
      if (this.fatal && this.enc === 'utf8') this.check(bytes, Boolean(options?.stream));
      this.stream ??= new ChunkDecoder(host, this.enc);
      let text = options?.stream ? this.stream.write(bytes) : this.stream.end(bytes);
      if (!this.bomSeen && text.length > 0) {
        this.bomSeen = true;
        if (!this.ignoreBOM && StringPrototypeCharCodeAt(text, 0) === 0xfeff) text = StringPrototypeSlice(text, 1);
      }
      if (!options?.stream) {
        this.stream = null;
        this.bomSeen = false;
      }
      return text;
    }

    /** As the Encoding standard asks of a fatal decoder: malformed UTF-8 is a TypeError, not U+FFFD. */
    private check(bytes: Uint8Array, stream: boolean): void {
      let all = bytes;
      if (this.unchecked) {
        all = new Uint8Array(this.unchecked.length + bytes.length);
        all.set(this.unchecked, 0);
        all.set(bytes, this.unchecked.length);
      }
      const valid = utf8ValidPrefix(all);
      if (valid < 0 || (!stream && valid < all.length)) {
        this.unchecked = null;
        this.stream = null;
        this.bomSeen = false;
        throw nodeError(TypeError, 'ERR_ENCODING_INVALID_ENCODED_DATA', `The encoded data was not valid for encoding ${this.encoding}`);
      }
      this.unchecked = stream && valid < all.length ? copyTail(all, valid) : null;
    }
  }

  return { TextEncoder, TextDecoder };
}

/**
 * The length of the longest prefix of `bytes` made of whole, well-formed UTF-8 characters, when
 * the rest could still begin one; -1 when the bytes are malformed (overlong forms, surrogates and
 * code points past U+10FFFF included).
 */
export function utf8ValidPrefix(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return -1;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return i;
      const c = bytes[i + k]!;
      if (c < lo || c > hi) return -1;
      lo = 0x80;
      hi = 0xbf;
    }
    i += need + 1;
  }
  return n;
}
