/**
 * The two pipes an interactive run talks through, besides the sandbox process's IPC channel: the
 * judge writes the program's input to LIVE_IN_FD, which the worker running the program reads
 * itself, with blocking reads, when the program waits for input; the worker writes the program's
 * output straight to LIVE_OUT_FD. A line crosses one process boundary each way and no thread hop:
 * relaying through the host thread cost more than the game itself.
 *
 * On both pipes the text is raw UTF-8 and control frames sit between 0xFE and 0xFF, bytes UTF-8
 * never contains: `0xFE {json} 0xFF`. In: `{"t":"play","id"}` starts a game's input,
 * `{"t":"end","id"}` ends it, and a lone 0xFF wakes a worker blocked in a read (to stop it, or to
 * run a timer). Out: `{"t":"result","id","report"}` after the game's last output. A reader that
 * starts mid-stream (a new worker after one was stopped) finds its footing at the next 0xFE.
 * Inlined into the host and the worker at build time, so it imports nothing but Node built-ins.
 */
import fs from 'node:fs';

export const LIVE_IN_FD = 4;
export const LIVE_OUT_FD = 5;
const OPEN = 0xfe;
const CLOSE = 0xff;
/** Written to the input pipe to wake a worker blocked reading it. */
export const WAKE = Buffer.from([CLOSE]);

export function frame(value: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const out = Buffer.allocUnsafe(json.length + 2);
  out[0] = OPEN;
  json.copy(out, 1);
  out[out.length - 1] = CLOSE;
  return out;
}

/** Splits a byte stream into data (passed as views of the chunk: copy what you keep) and frames. */
export class FrameReader {
  private inFrame = false;
  private frameParts: Buffer[] = [];

  constructor(
    private readonly onData: (bytes: Buffer) => void,
    private readonly onFrame: (value: unknown) => void,
  ) {}

  push(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      let at = from;
      while (at < chunk.length && chunk[at]! < OPEN) at++;
      if (at > from) {
        if (this.inFrame) this.frameParts.push(Buffer.from(chunk.subarray(from, at)));
        else this.onData(chunk.subarray(from, at));
      }
      if (at === chunk.length) return;
      if (chunk[at] === OPEN) {
        this.inFrame = true;
        this.frameParts = [];
      } else if (this.inFrame) {
        this.inFrame = false;
        let value: unknown = null;
        try {
          value = JSON.parse(Buffer.concat(this.frameParts).toString('utf8'));
        } catch {
          // a frame cut short by a stopped writer
        }
        this.frameParts = [];
        this.onFrame(value);
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

/*
 * Standard input fed live to a running program (interactive problems). The worker reads the input
 * pipe itself with blocking reads, only when the program waits for input: in
 * fs.readSync or fs.readFileSync(0), or when its event loop has nothing left to do but wait for
 * stdin (readline, 'data' events). A blocked read is what Node does on a pipe, costs no CPU, and
 * wakes the moment the judge writes. The host sees from a shared flag that the worker is blocked
 * reading (the program is idle, not computing), and when a blocked worker must wake early (to be
 * stopped, or for one of the program's timers) the judge writes a lone wake byte.
 */

const WAITING = 0;

/** What a blocked program waits for (read by the host). */
export const WAIT_NONE = 0;
export const WAIT_MORE = 1;
export const WAIT_END = 2;

/** Passed to the worker with the run: the game's id (its frames on the pipe) and the shared flag. */
export interface LiveLink {
  id: number;
  signal: SharedArrayBuffer;
}

export function liveLink(id: number): LiveLink {
  return { id, signal: new SharedArrayBuffer(8) };
}

/** WAIT_MORE or WAIT_END while the worker is blocked reading, else WAIT_NONE. */
export function waitingOf(link: LiveLink): number {
  return Atomics.load(new Int32Array(link.signal), WAITING);
}

export class LiveStdin {
  length = 0;
  ended = false;
  private bytes = Buffer.allocUnsafe(4096);
  private readonly chunk = Buffer.allocUnsafe(65536);
  private readonly signal: Int32Array;
  private readonly id: number;
  /** Set once this game's opening frame has been read: what came before belonged to earlier games. */
  private started = false;
  private readonly frames: FrameReader;

  constructor(link: LiveLink) {
    this.id = link.id;
    this.signal = new Int32Array(link.signal);
    this.frames = new FrameReader(
      (data) => this.absorb(data),
      (value) => {
        const f = value as { t?: string; id?: number } | null;
        if (f?.id !== this.id) return;
        if (f.t === 'play') this.started = true;
        else if (f.t === 'end' && this.started) this.ended = true;
      },
    );
  }

  private absorb(data: Buffer): void {
    if (!this.started || this.ended) return;
    if (this.length + data.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + data.length));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += data.copy(this.bytes, this.length);
  }

  /** One blocking read of the pipe (it may bring only a wake byte). */
  readOnce(mode: number): void {
    Atomics.store(this.signal, WAITING, mode);
    let n: number;
    try {
      n = fs.readSync(LIVE_IN_FD, this.chunk, 0, this.chunk.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EINTR') {
        Atomics.wait(pause, 0, 0, 1);
        n = -1;
      } else n = 0;
    } finally {
      Atomics.store(this.signal, WAITING, WAIT_NONE);
    }
    // The judge closed the pipe: no more input will come.
    if (n === 0) this.ended = true;
    else if (n > 0) this.frames.push(this.chunk.subarray(0, n));
  }

  /** Blocks until more than `known` bytes have arrived (WAIT_MORE) or input has ended. */
  wait(known: number, mode: number): void {
    while (!this.ended && (mode === WAIT_END || this.length <= known)) this.readOnce(mode);
  }

  view(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}
