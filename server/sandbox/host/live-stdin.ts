/**
 * Standard input fed live to a running program (interactive problems). The sandbox's main thread
 * holds a LiveFeed and writes what the interactor sends; the worker holds the matching LiveStdin.
 * Text travels over a MessageChannel; a SharedArrayBuffer counter wakes the worker when it is
 * blocked in Atomics.wait (fs.readSync, fs.readFileSync), and the port's 'message' event wakes its
 * event loop when it waits asynchronously (readline, 'data' events). Inlined into the host and the
 * worker sources at build time, so it imports nothing but Node built-ins.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

const SEQ = 0;
const WAITING = 1;

/** What a blocked program waits for (read from the host when it is stopped). */
export const WAIT_NONE = 0;
export const WAIT_MORE = 1;
export const WAIT_END = 2;

/** Passed to the worker with the run (the port in the transfer list). */
export interface LiveLink {
  port: MessagePort;
  signal: SharedArrayBuffer;
}

export class LiveFeed {
  readonly link: LiveLink;
  private readonly port: MessagePort;
  private readonly signal: Int32Array;

  constructor() {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.signal = new Int32Array(new SharedArrayBuffer(8));
    this.link = { port: channel.port2, signal: this.signal.buffer as SharedArrayBuffer };
  }

  /** `null` is the end of input. */
  write(text: string | null): void {
    this.port.postMessage(text);
    Atomics.add(this.signal, SEQ, 1);
    Atomics.notify(this.signal, SEQ);
  }

  /** WAIT_MORE or WAIT_END while the program is blocked in a synchronous read, else WAIT_NONE. */
  get waiting(): number {
    return Atomics.load(this.signal, WAITING);
  }

  close(): void {
    this.port.close();
  }
}

export class LiveStdin {
  length = 0;
  ended = false;
  private bytes = Buffer.allocUnsafe(4096);
  private readonly port: MessagePort;
  private readonly signal: Int32Array;

  /** `onArrival` runs on the worker's event loop when text or the end arrives asynchronously. */
  constructor(link: LiveLink, onArrival: () => void) {
    this.port = link.port;
    this.signal = new Int32Array(link.signal);
    this.port.on('message', (m: string | null) => {
      this.absorb(m);
      onArrival();
    });
  }

  private absorb(m: string | null): void {
    if (m === null) {
      this.ended = true;
      return;
    }
    const size = Buffer.byteLength(m, 'utf8');
    if (this.length + size > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + size));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(m, this.length, 'utf8');
  }

  /** Takes whatever has arrived, without waiting. */
  poll(): void {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) this.absorb(m.message as string | null);
  }

  /** Blocks the thread until more than `known` bytes have arrived (WAIT_MORE) or input has ended. */
  wait(known: number, mode: number): void {
    this.poll();
    while (!this.ended && (mode === WAIT_END || this.length <= known)) {
      const seq = Atomics.load(this.signal, SEQ);
      this.poll();
      if (this.ended || (mode !== WAIT_END && this.length > known)) break;
      Atomics.store(this.signal, WAITING, mode);
      Atomics.wait(this.signal, SEQ, seq);
      Atomics.store(this.signal, WAITING, WAIT_NONE);
      this.poll();
    }
  }

  view(): Buffer {
    return this.bytes.subarray(0, this.length);
  }

  close(): void {
    this.port.close();
  }
}
