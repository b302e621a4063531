import type { HostBridge } from './bridge';
import { STDERR_KEEP_CHARS as STDERR_KEEP } from '../../rules/limits';

// Captured before any program runs: a program may replace String.prototype.slice.
const apply = Reflect.apply;
const stringSlice = String.prototype.slice;

/**
 * Collects what the program writes. Standard output is counted in UTF-8 bytes against the output
 * limit; the exact count is only computed once the cheap bound (one byte per UTF-16 unit at least,
 * three at most) can no longer decide.
 */
export class Output {
  stdout = '';
  stderr = '';
  private units = 0;
  private bytes = 0;
  private exact = false;
  private stderrBytes = 0;
  /** Set when stdout passed the limit; the caller stops the program. */
  overflow = false;
  closed = false;

  constructor(
    private readonly host: HostBridge,
    private readonly limit: number,
  ) {}

  /** Appends to stdout; returns false when this write passed the limit. */
  out(text: string): boolean {
    if (this.closed || text.length === 0) return true;
    if (!this.exact && (this.units + text.length) * 3 > this.limit) {
      this.exact = true;
      this.bytes = this.host.byteLength(this.stdout, 'utf8');
    }
    this.units += text.length;
    if (!this.exact) {
      this.stdout += text;
      return true;
    }
    const size = this.host.byteLength(text, 'utf8');
    if (this.bytes + size <= this.limit) {
      this.bytes += size;
      this.stdout += text;
      return true;
    }
    // Keep exactly `limit` bytes (whole characters), as a judge that cut the pipe there would have
    // seen; the worker finds the cut without building it piece by piece.
    this.stdout += this.host.cutUtf8(text, this.limit - this.bytes);
    this.bytes = this.limit;
    this.overflow = true;
    this.closed = true;
    return false;
  }

  get limitText(): string {
    const mib = this.limit / (1024 * 1024);
    return Number.isInteger(mib) ? `${mib} MiB` : `${this.limit} bytes`;
  }

  err(text: string): void {
    if (this.closed || this.stderrBytes >= STDERR_KEEP) return;
    const room = STDERR_KEEP - this.stderrBytes;
    const part = text.length > room ? (apply(stringSlice, text, [0, room]) as string) : text;
    this.stderr += part;
    this.stderrBytes += part.length;
  }
}
