/**
 * Files the judge keeps between runs beside the installed packages (node_modules/.cache/sg-judge):
 * builds that cost seconds to make again (the sandbox's bundled code, TypeScript's compiled code,
 * problem packages). The folder is writable only by whoever installed the packages, never by the
 * sandbox's user; each kept file says itself what it was made from, and its reader checks that.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root, ending in a separator. */
export const CHECKOUT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..') + path.sep;
export const INSTALL_CACHE_DIR = path.join(CHECKOUT_ROOT, 'node_modules', '.cache', 'sg-judge');

/**
 * Keeps `data` as `file`: written whole, then renamed, so processes and threads starting together
 * never read half a file. A read-only install keeps nothing, and the caller builds every time.
 */
export function keepFile(file: string, data: string | Uint8Array): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // read-only: nothing kept
  }
}
