import type { HostBridge } from './bridge';

/**
 * Standard input as one file descriptor: a byte cursor shared by fs.readFileSync(0),
 * fs.readSync(0, ...) and process.stdin, as they share the one pipe in Node.
 */
export class Input {
  position = 0;
  private size = -1;

  constructor(private readonly host: HostBridge) {}

  /** Bytes of input; asked of the host on first use, since contexts are prepared before their input exists. */
  get length(): number {
    if (this.size < 0) this.size = this.host.inputLength();
    return this.size;
  }

  get remaining(): number {
    return this.length - this.position;
  }

  /** The rest of the input as text (the whole input in the usual case). */
  readText(encoding = 'utf8'): string {
    const text = this.position >= this.length ? '' : this.host.inputText(this.position, encoding);
    this.position = this.length;
    return text;
  }

  /** Copies up to `count` bytes into `target` at `at`; returns how many were copied. */
  readInto(target: Uint8Array, at: number, count: number): number {
    const n = Math.max(0, Math.min(count, this.remaining, target.length - at));
    if (n === 0) return 0;
    this.host.inputCopy(target, at, this.position, this.position + n);
    this.position += n;
    return n;
  }
}
