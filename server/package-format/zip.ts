import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip archive of files held in memory (a problem package is a few MB at most). Written here with
 * node:zlib rather than a dependency: writing needs only deflate and CRC-32, both in Node, and the
 * format's local headers plus central directory are a fixed 30 + 46 + 22 bytes of fields. Reading
 * zips (the import) is where a library earns its place, because of zip bombs and odd archives.
 */
export interface ZipEntry {
  /** Forward slashes, relative, no `..`. */
  path: string;
  data: Buffer;
  /** A script to run (a program's build or run): written rwxr-xr-x. */
  executable?: boolean;
  /** A symbolic link whose target is `data` (as zip -y stores one): mode 0120777. */
  symlink?: boolean;
}

// 1 January 2000 in DOS time: a fixed stamp, so the same package gives the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

export function zipFiles(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.path.startsWith('/') || entry.path.split('/').includes('..')) throw new Error(`refusing zip path "${entry.path}"`);
    const name = Buffer.from(entry.path, 'utf8');
    const packed = deflateRawSync(entry.data, { level: 9 });
    // Deflate only when it helps; tiny files are smaller stored.
    const deflated = packed.length < entry.data.length;
    const body = deflated ? packed : entry.data;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(deflated ? 8 : 0, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflated ? 8 : 0, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.symlink ? 0o120777 : entry.executable ? 0o100755 : 0o100644) << 16) >>> 0, 38); // a regular file, rw-r--r-- (or rwx for a script; a link)
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  if (entries.length > 0xffff || offset > 0xffffffff) throw new Error('the package is too large for a zip without ZIP64');
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
