import type { HostBridge } from './bridge';
import { MathMax, MathMin } from './primordials';

/**
 * Standard input as one file descriptor: a byte cursor shared by fs.readFileSync(0),
 * fs.readSync(0, ...) and process.stdin, as they share the one pipe in Node. In an interactive run
 * (`live`) the input grows while the program runs, as a pipe from a live peer: reads wait for it.
 */
export class Input {
  position = 0;
  private size = -1;
  /** Set at the start of an interactive run. */
  live = false;
  private ended = false;

  constructor(private readonly host: HostBridge) {}

  /** Bytes of input (so far, when live); asked of the host on first use, since contexts are prepared before their input exists. */
  get length(): number {
    if (this.live) {
      if (!this.ended) this.sync(0);
      return this.size;
    }
    if (this.size < 0) this.size = this.host.inputLength();
    return this.size;
  }

  get remaining(): number {
    return this.length - this.position;
  }

  /** Nothing to read now, but more may come (interactive runs only). */
  get starved(): boolean {
    return this.live && !this.ended && this.remaining <= 0;
  }

  /** Everything has been read and nothing more will come. */
  get exhausted(): boolean {
    return this.remaining <= 0 && (!this.live || this.ended);
  }

  /** Asks the host for what has arrived; mode 1 blocks until more has, mode 2 until the end. */
  private sync(mode: number): void {
    const r = this.host.inputWait(MathMax(this.size, 0), mode);
    if (r < 0) {
      this.ended = true;
      this.size = -r - 1;
    } else this.size = r;
  }

  /** The rest of the input as text (the whole input in the usual case); live, it waits for the end, as Node does on a pipe. */
  readText(encoding = 'utf8'): string {
    this.waitForEnd();
    const text = this.position >= this.length ? '' : this.host.inputText(this.position, encoding);
    this.position = this.length;
    return text;
  }

  /** Live: blocks until the peer ends the input (a whole-input read on a pipe). */
  waitForEnd(): void {
    if (this.live) while (!this.ended) this.sync(2);
  }

  /** Copies up to `count` bytes into `target` at `at`; returns how many were copied. Live, it blocks until some bytes arrive. */
  readInto(target: Uint8Array, at: number, count: number): number {
    if (this.live && count > 0 && target.length > at) while (this.starved) this.sync(1);
    const n = MathMax(0, MathMin(count, this.remaining, target.length - at));
    if (n === 0) return 0;
    this.host.inputCopy(target, at, this.position, this.position + n);
    this.position += n;
    return n;
  }
}
