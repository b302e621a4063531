import { chmodSync } from 'node:fs';
import { scratchDir } from './program-cache';

/**
 * A compile's work directory (mounted read-write in the box): the sandbox's user writes the
 * compiler's output into it, so it is world-writable, inside the 0711 cache root no one can list.
 * Removed by the caller once the artifact is taken out.
 */
export function workDir(): string {
  const dir = scratchDir();
  chmodSync(dir, 0o777);
  return dir;
}
