import type { Env } from './env';
import { ChunkDecoder, asBytes, normalizeEncoding } from './text';

/** Node's string_decoder module. */
export function makeStringDecoder(env: Env) {
  class StringDecoder {
    readonly encoding: string;
    private readonly decoder: ChunkDecoder;

    constructor(encoding?: unknown) {
      const enc = normalizeEncoding(encoding);
      if (enc === null) throw new TypeError(`Unknown encoding: ${String(encoding)}`);
      this.encoding = enc;
      this.decoder = new ChunkDecoder(env.host, enc);
    }

    write(chunk: unknown): string {
      if (typeof chunk === 'string') return chunk;
      return this.decoder.write(asBytes(chunk, 'buf'));
    }

    end(chunk?: unknown): string {
      if (typeof chunk === 'string') return chunk + this.decoder.end();
      return this.decoder.end(chunk === undefined ? undefined : asBytes(chunk, 'buf'));
    }
  }
  return { StringDecoder };
}
