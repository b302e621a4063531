/**
 * The two pipes an interactive run talks through, besides the sandbox process's IPC channel: the
 * judge writes the program's input to LIVE_IN_FD, and the worker running the program writes its
 * output straight to LIVE_OUT_FD, so a line crosses one process boundary and no thread hop on its
 * way out (the IPC channel's serialisation and the host thread's relay cost more than the game).
 *
 * On both pipes the text is raw UTF-8 and control frames sit between 0xFF bytes, which UTF-8
 * never contains: `0xFF {json} 0xFF`. In: `{"t":"play","id"}` starts a game, `{"t":"end","id"}`
 * ends its input. Out: `{"t":"result","id","report"}` after the game's last output. Inlined into
 * the host and the worker at build time, so it imports nothing but Node built-ins.
 */
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export const LIVE_IN_FD = 4;
export const LIVE_OUT_FD = 5;
const MARK = 0xff;

export function frame(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const out = Buffer.allocUnsafe(json.length + 2);
  out[0] = MARK;
  json.copy(out, 1);
  out[out.length - 1] = MARK;
  return out;
}

/** Splits a byte stream into text (decoded across chunk boundaries) and frames. */
export class FrameReader {
  private readonly decoder = new StringDecoder('utf8');
  private inFrame = false;
  private frameParts: Buffer[] = [];

  constructor(
    private readonly onText: (text: string) => void,
    private readonly onFrame: (value: unknown) => void,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const at = chunk.indexOf(MARK, from);
      const end = at < 0 ? chunk.length : at;
      if (this.inFrame) this.frameParts.push(chunk.subarray(from, end));
      else if (end > from) {
        const text = this.decoder.write(chunk.subarray(from, end));
        if (text) this.onText(text);
      }
      if (at < 0) return;
      if (this.inFrame) {
        const json = Buffer.concat(this.frameParts).toString('utf8');
        this.frameParts = [];
        this.inFrame = false;
        let value: unknown;
        try {
          value = JSON.parse(json);
        } catch {
          value = null;
        }
        this.onFrame(value);
      } else {
        const rest = this.decoder.end();
        if (rest) this.onText(rest);
        this.inFrame = true;
      }
      from = at + 1;
    }
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of it to a blocking pipe (a full pipe waits for the reader; a non-blocking one is
 * retried). Throws when the reader is gone.
 */
export function writeAllSync(fd: number, data: string | Buffer): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}
