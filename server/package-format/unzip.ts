import { crc32, inflateRawSync } from 'node:zlib';
import type { ZipEntry } from './zip';
import { MAX_LINK_BYTES, resolveZipLinks } from './zip-links';

/**
 * Reads a zip held in memory, every bound checked on the central directory before a byte is
 * inflated: the number of entries, each file's declared size, their total, and the compression
 * ratio (a zip bomb declares, or hides, a huge size in a small file). Inflating is then capped at
 * the declared size by zlib itself (`maxOutputLength`), so a lying header cannot inflate further.
 * Written on node:zlib rather than with yauzl or fflate: a package is a few MB read whole, and the
 * part a library would add (streaming, ZIP64, encryption) is what an upload must refuse anyway.
 * Names with `..`, absolute names, drive letters, encrypted entries and methods other than
 * stored/deflate are refused, each with a sentence. A name with a backslash (DOMjudge's own
 * example `hello` ships `test-file name\#.c`) is left out with a note: it names no path here. Symbolic links are read as the
 * files they name when those stay inside the package (zip-links.ts), and left out with a note
 * when not.
 */
export interface UnzipBounds {
  maxEntries: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of an entry over 1 MiB (deflate reaches ~1000 on zeros). */
  maxRatio: number;
}

export const DEFAULT_UNZIP_BOUNDS: UnzipBounds = {
  maxEntries: 10_000,
  maxFileBytes: 16 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  maxRatio: 200,
};

export type UnzipResult = { ok: true; entries: ZipEntry[]; notes: string[] } | { ok: false; reasons: string[] };

interface Central {
  name: string;
  method: number;
  flags: number;
  crc: number;
  packed: number;
  size: number;
  offset: number;
  mode: number;
}

const MAX_REASONS = 20;

export function readZip(buf: Buffer, bounds: Partial<UnzipBounds> = {}): UnzipResult {
  const b = { ...DEFAULT_UNZIP_BOUNDS, ...bounds };
  const end = findEnd(buf);
  if (end < 0) return { ok: false, reasons: ['The file is not a zip archive (no end of central directory).'] };
  const declared = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  const zip64 = zip64Count(buf, end);
  if (zip64 !== null) {
    if (zip64 > b.maxEntries) return { ok: false, reasons: [`The zip lists ${zip64} entries; a package may hold at most ${b.maxEntries} files.`] };
    return { ok: false, reasons: ['The zip is a ZIP64 archive; a problem package is small enough for a plain zip.'] };
  }
  if (declared > b.maxEntries) return { ok: false, reasons: [`The zip lists ${declared} entries; a package may hold at most ${b.maxEntries} files.`] };
  if (dirOffset + dirSize > end) return { ok: false, reasons: ['The zip is damaged: its central directory runs past its end.'] };

  const reasons: string[] = [];
  const reason = (s: string) => {
    if (reasons.length < MAX_REASONS) reasons.push(s);
  };
  const files: Central[] = [];
  const links: Central[] = [];
  const leftOut: string[] = [];
  let total = 0;
  let p = dirOffset;
  for (let i = 0; i < declared; i++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== 0x02014b50) return { ok: false, reasons: [...reasons, 'The zip is damaged: an entry of its central directory is missing.'] };
    const nameLength = buf.readUInt16LE(p + 28);
    const c: Central = {
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      packed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      // Unix mode in the high half when "made by" Unix (3); 0 otherwise.
      mode: buf.readUInt8(p + 5) === 3 ? buf.readUInt32LE(p + 38) >>> 16 : 0,
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const shown = JSON.stringify(c.name.slice(0, 80));
    const bad = nameFault(c.name);
    if (bad === BACKSLASH) {
      leftOut.push(shown);
      continue;
    }
    if (bad) {
      reason(`${shown}: ${bad}`);
      continue;
    }
    if ((c.mode & 0o170000) === 0o120000) {
      // A link's entry holds its target, a short path.
      if (c.size > MAX_LINK_BYTES) reason(`${shown} is a symbolic link of ${c.size} bytes; a link's target is a path of at most ${MAX_LINK_BYTES}.`);
      else if (c.flags & 1 || (c.method !== 0 && c.method !== 8)) reason(`${shown} is a symbolic link stored in a way this judge does not read.`);
      else links.push(c);
      continue;
    }
    if (c.name.endsWith('/')) continue;
    if (c.mode !== 0 && (c.mode & 0o170000) !== 0o100000 && (c.mode & 0o170000) !== 0) {
      reason(`${shown} is not a regular file.`);
      continue;
    }
    if (c.flags & 1) reason(`${shown} is encrypted.`);
    if (c.method !== 0 && c.method !== 8) reason(`${shown} uses compression method ${c.method}; only stored and deflate are read.`);
    if (c.size > b.maxFileBytes) reason(`${shown} is ${c.size} bytes; a file may hold at most ${b.maxFileBytes}. It was not inflated.`);
    else if (c.size > 1024 * 1024 && c.size > c.packed * b.maxRatio) {
      reason(`${shown} inflates ${Math.round(c.size / Math.max(1, c.packed))} times (${c.packed} to ${c.size} bytes), more than ${b.maxRatio}: refused as a zip bomb, not inflated.`);
    }
    total += c.size;
    files.push(c);
  }
  if (total > b.maxTotalBytes) reason(`The zip would inflate to ${total} bytes; a package may hold at most ${b.maxTotalBytes}. Nothing was inflated.`);
  const names = new Set<string>();
  for (const c of [...files, ...links]) {
    if (names.has(c.name)) reason(`${JSON.stringify(c.name.slice(0, 80))} is in the zip twice.`);
    names.add(c.name);
  }
  if (reasons.length) return { ok: false, reasons };

  const entries: ZipEntry[] = [];
  const targets = new Map<string, string>();
  for (const c of [...files, ...links]) {
    const shown = JSON.stringify(c.name.slice(0, 80));
    if (c.offset + 30 > buf.length || buf.readUInt32LE(c.offset) !== 0x04034b50) return { ok: false, reasons: [`${shown}: the zip is damaged (no local header).`] };
    const start = c.offset + 30 + buf.readUInt16LE(c.offset + 26) + buf.readUInt16LE(c.offset + 28);
    if (start + c.packed > buf.length) return { ok: false, reasons: [`${shown}: the zip is damaged (its data runs past the end).`] };
    const packed = buf.subarray(start, start + c.packed);
    let data: Buffer;
    try {
      // A header that understates the size stops here: zlib refuses to write past the cap.
      data = c.method === 0 ? Buffer.from(packed) : inflateRawSync(packed, { maxOutputLength: Math.max(1, c.size) });
    } catch {
      return { ok: false, reasons: [`${shown} inflates to more than the ${c.size} bytes its header declares (or is damaged); refused as a zip bomb.`] };
    }
    if (data.length !== c.size) return { ok: false, reasons: [`${shown} holds ${data.length} bytes, not the ${c.size} its header declares.`] };
    if (crc32(data) !== c.crc) return { ok: false, reasons: [`${shown} fails its CRC check: the zip is damaged.`] };
    if ((c.mode & 0o170000) === 0o120000) targets.set(c.name.replace(/\/$/, ''), data.toString('utf8'));
    else entries.push({ path: c.name, data });
  }
  const notes = leftOut.length ? [`${leftOut.length} file(s) of the zip have a backslash in their name and were left out (${leftOut.slice(0, 3).join(', ')}): a package's paths use forward slashes.`] : [];
  if (!targets.size) return { ok: true, entries, notes };
  const linked = resolveZipLinks(entries, targets, { maxEntries: b.maxEntries, maxTotalBytes: b.maxTotalBytes, entries: entries.length, bytes: total });
  if (linked.reasons.length) return { ok: false, reasons: linked.reasons };
  return { ok: true, entries: [...entries, ...linked.entries], notes: [...notes, ...linked.notes] };
}

const BACKSLASH = 'a name with a backslash; zips use forward slashes.';

/** Why a name may not be written anywhere, or null: only relative forward-slash paths inside the package. */
function nameFault(name: string): string | null {
  if (name === '' || name.includes('\0')) return 'an empty or NUL name.';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute name; a package holds only relative paths.';
  if (name.includes('\\')) return BACKSLASH;
  if (name.split('/').some((s) => s === '..')) return 'a name with "..", which would reach outside the package.';
  if (name.replace(/\/$/, '').split('/').some((s) => s === '.' || s === '')) return 'a name with an empty or "." part.';
  if (name.split('/').length > 12) return 'nested too deep.';
  return null;
}

function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let p = buf.length - 22; p >= stop; p--) if (buf.readUInt32LE(p) === 0x06054b50) return p;
  return -1;
}

/** The entry count of a ZIP64 archive (from its end record, via the locator just before the plain one), or null. */
function zip64Count(buf: Buffer, end: number): number | null {
  const loc = end - 20;
  if (loc < 0 || buf.readUInt32LE(loc) !== 0x07064b50) return null;
  const at = Number(buf.readBigUInt64LE(loc + 8));
  if (at + 56 > buf.length || buf.readUInt32LE(at) !== 0x06064b50) return Number.MAX_SAFE_INTEGER;
  return Number(buf.readBigUInt64LE(at + 32));
}
