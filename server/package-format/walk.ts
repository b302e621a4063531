import { lstatSync, opendirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { DEFAULT_UNZIP_BOUNDS, type UnzipBounds } from './unzip';

/**
 * The bounded listing of a package folder. A symbolic link whose target stays inside the package
 * is listed as the file (or folder) it names, since olympiad packages share tests between groups
 * that way; one that leaves the package, or names nothing, is never followed and is left out
 * with a note saying so. The walk stops at the first bound that breaks, before anything is read.
 */
export type PackageBounds = Pick<UnzipBounds, 'maxFileBytes' | 'maxTotalBytes'> & { maxFiles: number; maxDepth: number };

/** The same file and size bounds as a zip's (decided once, in unzip.ts), and a depth. */
export const DEFAULT_BOUNDS: PackageBounds = {
  maxFiles: DEFAULT_UNZIP_BOUNDS.maxEntries,
  maxFileBytes: DEFAULT_UNZIP_BOUNDS.maxFileBytes,
  maxTotalBytes: DEFAULT_UNZIP_BOUNDS.maxTotalBytes,
  maxDepth: 8,
};

export interface PackageListing {
  /** Package-relative paths (forward slashes) of every regular file, links resolved. */
  files: string[];
  /** Where to read each file: its own path, or the file a link inside the package names. */
  real: Map<string, string>;
  size: Map<string, number>;
  reasons: string[];
  notes: string[];
  stopped: boolean;
}

/**
 * Where a link leads, step by step as the kernel resolves it (a link met on the way first), when
 * its target does not exist (realpath fails then); null through too many links.
 */
function landing(link: string, depth = 0): string | null {
  if (depth > 40) return null;
  let cur: string;
  let to: string;
  try {
    cur = realpathSync(dirname(link));
    to = readlinkSync(link);
  } catch {
    return null;
  }
  if (isAbsolute(to)) cur = sep;
  for (const step of to.split('/')) {
    if (!step || step === '.') continue;
    if (step === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, step);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Missing from here on: nothing further to resolve.
    }
    if (!isLink) cur = next;
    else {
      const lands = landing(next, depth + 1);
      if (lands === null) return null;
      cur = lands;
    }
  }
  return cur;
}

export function walkPackage(dir: string, b: PackageBounds = DEFAULT_BOUNDS): PackageListing {
  const out: PackageListing = { files: [], real: new Map(), size: new Map(), reasons: [], notes: [], stopped: false };
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    out.reasons.push('The package folder cannot be read.');
    out.stopped = true;
    return out;
  }
  const inside = (p: string) => p === root || p.startsWith(root + sep);
  let total = 0;
  let count = 0;
  const queue: { rel: string; at: string; depth: number }[] = [{ rel: '', at: root, depth: 0 }];
  while (queue.length) {
    const { rel, at, depth } = queue.shift()!;
    const handle = opendirSync(at);
    try {
      for (let e = handle.readSync(); e; e = handle.readSync()) {
        const path = rel ? `${rel}/${e.name}` : e.name;
        if (++count > b.maxFiles) {
          out.reasons.push(`The package holds more than ${b.maxFiles} files; refusing to read further.`);
          out.stopped = true;
          return out;
        }
        let target = join(at, e.name);
        let isDir = e.isDirectory();
        let isFile = e.isFile();
        if (e.isSymbolicLink()) {
          let real: string;
          try {
            real = realpathSync(target);
          } catch (e) {
            // Where it leads, though nothing is there: outside is said as outside.
            const lands = (e as NodeJS.ErrnoException).code === 'ELOOP' ? null : landing(target);
            if (lands === null) out.notes.push(`${path} is a symbolic link through a loop of links: never followed, left out.`);
            else if (!inside(lands)) out.notes.push(`${path} is a symbolic link to a file outside the package: never followed, left out.`);
            else out.notes.push(`${path} is a symbolic link that names nothing: left out.`);
            continue;
          }
          if (!inside(real)) {
            out.notes.push(`${path} is a symbolic link to a file outside the package: never followed, left out.`);
            continue;
          }
          const st = statSync(real);
          target = real;
          isDir = st.isDirectory();
          isFile = st.isFile();
        }
        if (isDir) {
          if (depth + 1 > b.maxDepth) out.reasons.push(`${path} is nested more than ${b.maxDepth} folders deep.`);
          else if (e.isSymbolicLink() && (at === target || at.startsWith(target + sep))) out.notes.push(`${path} is a symbolic link to a folder that holds it (a loop): left out.`);
          else queue.push({ rel: path, at: target, depth: depth + 1 });
        } else if (isFile) {
          const size = lstatSync(target).size;
          total += size;
          if (size > b.maxFileBytes) out.reasons.push(`${path} is ${size} bytes; a file may hold at most ${b.maxFileBytes}.`);
          out.files.push(path);
          out.real.set(path, target);
          out.size.set(path, size);
        }
        // Devices, sockets and pipes are never opened.
      }
    } finally {
      handle.closeSync();
    }
  }
  if (total > b.maxTotalBytes) out.reasons.push(`The package holds ${total} bytes; at most ${b.maxTotalBytes} are taken.`);
  out.files.sort();
  return out;
}
