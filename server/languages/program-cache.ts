/**
 * Compiled programs on disk, one directory per distinct (language, toolchain, source), named by
 * their hash: every test, stress case, rejudge and resubmission of the same source reuses the
 * binary. Under the OS temp directory (`sg-judge-programs-<uid>`): the sandbox user must read the
 * program directories (each is mounted read-only into the box), the root is 0711 so nobody lists
 * it. Bounded: past MAX_ENTRIES the least recently used entries go, never one used in the last
 * KEEP_RECENT_MS (a loaded program may still be running tests from it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MAX_ENTRIES = 400;
const KEEP_RECENT_MS = 15 * 60_000;

let root: string | null = null;

/** The cache's root directory, made on first use. */
export function programCacheRoot(): string {
  if (root) return root;
  const dir = join(tmpdir(), `sg-judge-programs-${process.getuid?.() ?? 'user'}`);
  mkdirSync(dir, { recursive: true, mode: 0o711 });
  chmodSync(dir, 0o711);
  root = dir;
  return dir;
}

/** The hash naming an entry: everything that changes the artifact. */
export function entryKey(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 40);
}

export function entryDir(name: string): string {
  return join(programCacheRoot(), name);
}

/** An existing entry, marked as used now (eviction keeps the recently used), or null. */
export function findEntry(name: string): string | null {
  const dir = entryDir(name);
  try {
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  } catch {
    return null;
  }
}

/** A fresh private scratch directory in the cache's file system (renamed into place when complete). */
export function scratchDir(): string {
  const dir = join(programCacheRoot(), `.scratch-${randomBytes(8).toString('hex')}`);
  mkdirSync(dir, { mode: 0o755 });
  return dir;
}

/**
 * Puts a finished scratch directory in place as `name`: atomic, so a reader sees a whole entry
 * or none; when another thread got there first, its entry stays and ours is dropped.
 */
export function commitEntry(scratch: string, name: string): string {
  const dir = entryDir(name);
  chmodSync(scratch, 0o755);
  try {
    renameSync(scratch, dir);
  } catch {
    rmSync(scratch, { recursive: true, force: true });
  }
  evictOld();
  return dir;
}

/** Past MAX_ENTRIES, the least recently used entries not touched in KEEP_RECENT_MS are removed. */
function evictOld(): void {
  const dir = programCacheRoot();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith('.') && !n.startsWith('pch-'));
  } catch {
    return;
  }
  if (names.length <= MAX_ENTRIES) return;
  const now = Date.now();
  const aged = names
    .map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return null;
      }
    })
    .filter((e): e is { n: string; t: number } => e !== null && now - e.t > KEEP_RECENT_MS)
    .sort((a, b) => a.t - b.t);
  for (const e of aged.slice(0, names.length - MAX_ENTRIES)) rmSync(join(dir, e.n), { recursive: true, force: true });
}
