import type { HostBridge } from './bridge';
import type { Input } from './input';
import type { Loop } from './loop';

type BufferClass = typeof import('buffer').Buffer;

/** What the runtime's modules share within one context (one run). */
export interface Env {
  host: HostBridge;
  loop: Loop;
  input: Input;
  /** The Buffer class, built on first use. */
  Buffer(): BufferClass;
  /** Whether `value` is a Buffer, without building the class when nobody has. */
  isBuffer(value: unknown): boolean;
  /** Writes to standard output / error (the output limit applies to stdout). */
  stdout(text: string): void;
  stderr(text: string): void;
  /** util.format with Node's output. */
  format(args: readonly unknown[]): string;
  /** util.formatWithOptions. */
  formatWith(options: unknown, args: readonly unknown[]): string;
  inspect(value: unknown, options?: unknown): string;
  /** process.exit: ends the run and unwinds the program's stack. */
  exit(code?: unknown): never;
  nodeVersion: string;
}
