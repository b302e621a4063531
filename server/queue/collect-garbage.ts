import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. V8 frees a discarded multi-megabyte output (which arrives from
 * the sandbox as IPC chunks, a joined buffer and a string) only at its next major collection, and
 * with the compiler's heap that may be hundreds of megabytes later: judging a program that prints
 * 60 MiB per test grew the server by ~320 MiB without this, ~210 MiB with it. `gc` is exposed to
 * contexts created after the flag is set, so one is created to fetch it; the main context is untouched.
 */
let gc: (() => void) | null = null;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
