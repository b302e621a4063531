/**
 * The precompiled `bits/stdc++.h`: built once per machine, compiler (its real path, version, size
 * and time) and flags, in the sandbox like any compile, and kept in the program cache as
 * `pch-<language>-<hash>/bits/stdc++.h.gch`. A compile puts that directory first on the include
 * path (`-I`), so `#include <bits/stdc++.h>` loads it instead of parsing the library (about 0.5 s
 * instead of 2.5 s). Checked before every use (the file is there and whole); a new compiler or new
 * flags make a new hash, so a stale header is never used; `-Winvalid-pch` and g++'s own check fall
 * back to the plain header if it ever does not match.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PCH_LIMITS } from './compile-limits';
import { BOX_WORK_DIR, runContained } from './native-runner';
import { commitEntry, entryKey, findEntry, programCacheRoot, scratchDir } from './program-cache';
import { languageSpec } from './registry';
import type { Toolchain } from './toolchains';
import { workDir } from './work-dir';

const building = new Map<string, Promise<string | null>>();
/** A build that failed is not retried on every compile: only after this long. */
const RETRY_AFTER_MS = 10 * 60_000;
const failedAt = new Map<string, number>();

function pchName(tc: Toolchain): string | null {
  const pch = languageSpec(tc.id).native?.pch;
  if (!pch) return null;
  let stamp = '';
  try {
    const s = statSync(tc.binary);
    stamp = `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
  const args = pch.args(tc.binary, { header: 'H', output: 'O' }).join(' ');
  return `pch-${tc.id}-${entryKey([tc.binary, tc.version, stamp, args])}`;
}

/** The directory to put on the include path, or null (no header for this language, or it cannot be built). */
export function ensurePch(tc: Toolchain): Promise<string | null> {
  const name = pchName(tc);
  if (!name) return Promise.resolve(null);
  const dir = findEntry(name);
  if (dir && whole(dir)) return Promise.resolve(dir);
  if (Date.now() - (failedAt.get(name) ?? -Infinity) < RETRY_AFTER_MS) return Promise.resolve(null);
  let b = building.get(name);
  if (!b) {
    b = build(tc, name).finally(() => building.delete(name));
    building.set(name, b);
  }
  return b;
}

function whole(dir: string): boolean {
  try {
    return statSync(join(dir, 'bits', 'stdc++.h.gch')).size > 0 && existsSync(join(dir, 'complete'));
  } catch {
    return false;
  }
}

/** Another thread or process building the same header (a lock file younger than this): compile without it meanwhile. */
const LOCK_STALE_MS = 5 * 60_000;

function takeLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx', 0o600));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs < LOCK_STALE_MS) return false;
      unlinkSync(lock);
      closeSync(openSync(lock, 'wx', 0o600));
      return true;
    } catch {
      return false;
    }
  }
}

async function build(tc: Toolchain, name: string): Promise<string | null> {
  const lock = join(programCacheRoot(), `.lock-${name}`);
  if (!takeLock(lock)) return null;
  try {
    return await buildLocked(tc, name);
  } finally {
    rmSync(lock, { force: true });
  }
}

async function buildLocked(tc: Toolchain, name: string): Promise<string | null> {
  const pch = languageSpec(tc.id).native!.pch!;
  const work = workDir();
  try {
    writeFileSync(join(work, 'stdc++.h'), `#include <${pch.header}>\n`, { mode: 0o644 });
    const result = await runContained({
      argv: pch.args(tc.binary, { header: `${BOX_WORK_DIR}/stdc++.h`, output: `${BOX_WORK_DIR}/stdc++.h.gch` }),
      workDir: work,
      limits: PCH_LIMITS,
    });
    if (result.status !== 'ok' || !existsSync(join(work, 'stdc++.h.gch'))) {
      failedAt.set(name, Date.now());
      return null;
    }
    const scratch = scratchDir();
    mkdirSync(join(scratch, 'bits'), { mode: 0o755 });
    renameSync(join(work, 'stdc++.h.gch'), join(scratch, 'bits', 'stdc++.h.gch'));
    writeFileSync(join(scratch, 'complete'), `${tc.binary}\n${tc.version}\n`, { mode: 0o644 });
    const dir = commitEntry(scratch, name);
    dropOlder(tc, name);
    return whole(dir) ? dir : null;
  } catch {
    failedAt.set(name, Date.now());
    return null;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Headers of this language built for an older compiler or flags: never used again. */
function dropOlder(tc: Toolchain, keep: string): void {
  const root = programCacheRoot();
  for (const n of readdirSync(root)) {
    if (n.startsWith(`pch-${tc.id}-`) && n !== keep) rmSync(join(root, n), { recursive: true, force: true });
  }
}
