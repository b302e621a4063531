import { posix } from 'node:path';
import type { ZipEntry } from './zip';

/**
 * Symbolic links stored in a zip (`zip -y`), read as the files they name: olympiad packages share
 * tests between groups by link. A link is resolved in memory against the zip's own entries, one
 * path part at a time, so a link through another link (or through a linked folder) is followed
 * as far as it stays inside; a chain longer than MAX_LINK_DEPTH, or a loop, is not. A link whose
 * target is absolute, climbs out with `..`, or gets out through another link is never followed
 * and is left out with a sentence. Every resolved file counts its bytes again against the unpack
 * budget (and its entry against the count), so links cannot multiply a bounded zip unboundedly.
 */
export const MAX_LINK_DEPTH = 8;
/** A link's target is a path: its entry holds at most this many bytes. */
export const MAX_LINK_BYTES = 1024;

type Resolved = { kind: 'file'; path: string } | { kind: 'dir'; path: string } | { kind: 'missing' } | { kind: 'outside' } | { kind: 'deep' };

export interface LinkBudget {
  maxEntries: number;
  maxTotalBytes: number;
  /** Entries and bytes already unpacked (the zip's own files). */
  entries: number;
  bytes: number;
}

export function resolveZipLinks(files: readonly ZipEntry[], links: ReadonlyMap<string, string>, budget: LinkBudget): { entries: ZipEntry[]; notes: string[]; reasons: string[] } {
  const data = new Map(files.map((f) => [f.path, f.data]));
  const dirs = new Set<string>();
  for (const name of [...data.keys(), ...links.keys()]) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  const notes: string[] = [];
  const reasons: string[] = [];
  // Nothing may lie under a link's own name: it is written as a file (or folder) of copies.
  for (const name of [...data.keys(), ...links.keys()]) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      if (links.has(prefix)) reasons.push(`${JSON.stringify(name.slice(0, 80))} lies under ${JSON.stringify(prefix.slice(0, 80))}, which is a symbolic link.`);
    }
  }
  if (reasons.length) return { entries: [], notes, reasons: reasons.slice(0, 20) };

  // The package's own folder: the zip's one top folder when it holds the package that way.
  const tops = new Set([...data.keys(), ...links.keys()].map((n) => n.split('/')[0]!));
  const wrapped = tops.size === 1 && [...data.keys(), ...links.keys()].every((n) => n.includes('/')) && !tops.has('problem.yaml');
  const floor = wrapped ? 1 : 0;
  // Walks `steps` from the real (link-free) folder `from` as the kernel does: each part in turn, a
  // link met on the way resolved from its own folder before the next part (so `up/..` after a
  // link `up` climbs from where `up` leads, not back to where it lies).
  const walk = (from: readonly string[], steps: readonly string[], depth: number): Resolved => {
    const cur = [...from];
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (step === '' || step === '.') continue;
      if (step === '..') {
        if (cur.length <= floor) return { kind: 'outside' };
        cur.pop();
        continue;
      }
      cur.push(step);
      const target = links.get(cur.join('/'));
      if (target === undefined) continue;
      if (depth >= MAX_LINK_DEPTH) return { kind: 'deep' };
      if (target.startsWith('/') || target.includes('\\') || /^[a-zA-Z]:/.test(target) || target.includes('\0')) return { kind: 'outside' };
      const r = walk(cur.slice(0, -1), target.split('/'), depth + 1);
      if (r.kind !== 'file' && r.kind !== 'dir') return r;
      if (r.kind === 'file') return i === steps.length - 1 ? r : { kind: 'missing' };
      cur.splice(0, cur.length, ...(r.path ? r.path.split('/') : []));
    }
    const path = cur.join('/');
    if (data.has(path)) return { kind: 'file', path };
    if (path === '' || dirs.has(path)) return { kind: 'dir', path };
    return { kind: 'missing' };
  };
  const resolve = (name: string, depth: number): Resolved => walk([], name.split('/'), depth);

  const out: ZipEntry[] = [];
  let { entries, bytes } = budget;
  let over = false;
  const add = (path: string, real: string) => {
    const d = data.get(real)!;
    entries += 1;
    bytes += d.length;
    if (entries > budget.maxEntries || bytes > budget.maxTotalBytes) over = true;
    else out.push({ path, data: d });
  };
  const said = (name: string, target: string, r: Resolved) => {
    const shown = `${name.slice(0, 80)} is a symbolic link to ${JSON.stringify(target.slice(0, 80))}`;
    if (r.kind === 'outside') notes.push(`${shown}, outside the package: never followed, left out.`);
    else if (r.kind === 'missing') notes.push(`${shown}, which names nothing in the package: left out.`);
    else if (r.kind === 'deep') notes.push(`${shown} through more than ${MAX_LINK_DEPTH} links (or a loop): not followed, left out.`);
  };
  for (const [name, target] of [...links].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const r = resolve(name, 0);
    if (r.kind === 'file') add(name, r.path);
    else if (r.kind === 'dir') {
      if (r.path === '' || r.path.split('/').length <= floor || name === r.path || name.startsWith(`${r.path}/`)) {
        notes.push(`${name.slice(0, 80)} is a symbolic link to a folder that holds it (a loop): left out.`);
        continue;
      }
      // A linked folder: every file under it, each name resolved (a link inside it too).
      const under = [...data.keys(), ...links.keys()].filter((n) => n.startsWith(`${r.path}/`)).sort();
      for (const n of under) {
        const inner = resolve(n, 1);
        if (inner.kind === 'file') add(`${name}/${n.slice(r.path.length + 1)}`, inner.path);
        else if (inner.kind === 'dir') notes.push(`${name.slice(0, 80)}/${n.slice(r.path.length + 1).slice(0, 80)} is a link to a folder inside a linked folder: left out.`);
        else said(`${name}/${n.slice(r.path.length + 1)}`, links.get(n) ?? n, inner);
      }
    } else said(name, target, r);
    if (over) {
      return { entries: [], notes, reasons: [`The zip's symbolic links name more than its bounds allow (${budget.maxEntries} files, ${budget.maxTotalBytes} bytes, each linked file counted again): refused, nothing written.`] };
    }
  }
  if (out.length) notes.push(`${out.length} file(s) of the zip are symbolic links inside the package, each read as the file it names.`);
  return { entries: out, notes, reasons: [] };
}
