import type { Env } from './env';
import { accessDenied, invalidArgType, nodeError } from './errors';
import { InputStream, OutputStream, chunkText } from './streams';
import { MathMin, SafeSet, SetPrototypeHas } from './primordials';
import { asBytes, normalizeEncoding } from './text';

const STDIN = SafeSet(['/dev/stdin', '/proc/self/fd/0', '/dev/fd/0']);
const STDOUT = SafeSet(['/dev/stdout', '/proc/self/fd/1', '/dev/fd/1']);
const STDERR = SafeSet(['/dev/stderr', '/proc/self/fd/2', '/dev/fd/2']);

/** File operations that only ever meet the permission wall. */
const DENIED = [
  'access', 'appendFile', 'chmod', 'chown', 'copyFile', 'cp', 'link', 'lstat', 'lutimes', 'mkdir', 'mkdtemp',
  'opendir', 'readdir', 'readlink', 'realpath', 'rename', 'rm', 'rmdir', 'stat', 'statfs', 'symlink', 'truncate',
  'unlink', 'utimes', 'lchown', 'lchmod',
];

const READS = SafeSet(['access', 'lstat', 'opendir', 'readdir', 'readlink', 'realpath', 'stat', 'statfs']);

interface StdStreams {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
}

/**
 * The `fs` module as a solution can use it: standard input through fd 0 or /dev/stdin (read whole,
 * or in chunks with readSync), standard output and error through fd 1 and 2. Every other path is
 * refused with the permission model's error, as the real sandbox process would refuse it.
 */
export function makeFs(env: Env, std: StdStreams) {
  const { input } = env;

  const pathOf = (p: unknown): string | number => {
    if (typeof p === 'number') return p;
    if (typeof p === 'string') return p;
    if (p instanceof Uint8Array) return env.host.decode(p, 0, p.length, 'utf8');
    throw invalidArgType('path', 'of type string or an instance of Buffer or URL', p);
  };
  const fdOf = (p: unknown): number | null => {
    const path = pathOf(p);
    if (typeof path === 'number') return path >= 0 && path <= 2 ? path : null;
    if (SetPrototypeHas(STDIN, path)) return 0;
    if (SetPrototypeHas(STDOUT, path)) return 1;
    if (SetPrototypeHas(STDERR, path)) return 2;
    return null;
  };
  const badFd = (fd: unknown) => nodeError(Error, 'EBADF', 'EBADF: bad file descriptor', { errno: -9, syscall: 'read', fd });
  const encodingOf = (options: unknown): string | null => {
    const enc = typeof options === 'string' ? options : options !== null && typeof options === 'object' ? (options as { encoding?: unknown }).encoding : undefined;
    if (enc === undefined || enc === null) return null;
    const norm = normalizeEncoding(enc);
    if (norm === null) throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'encoding' is invalid encoding. Received '${String(enc)}'`);
    return norm;
  };
  const write = (fd: number, text: string) => (fd === 1 ? env.stdout(text) : env.stderr(text));

  function readFileSync(path: unknown, options?: unknown): string | Uint8Array {
    const fd = fdOf(path);
    if (fd === 0) {
      const enc = encodingOf(options);
      if (enc !== null) return input.readText(enc);
      input.waitForEnd();
      const buf = env.Buffer().allocUnsafe(input.remaining);
      input.readInto(buf, 0, buf.length);
      return buf;
    }
    if (fd === 1 || fd === 2) throw nodeError(Error, 'EAGAIN', 'EAGAIN: resource temporarily unavailable, read', { errno: -11, syscall: 'read' });
    throw accessDenied(String(pathOf(path)));
  }

  function readSync(fd: unknown, buffer: unknown, offsetOrOptions?: unknown, length?: unknown, position?: unknown): number {
    if (fd !== 0) {
      if (fd === 1 || fd === 2) throw nodeError(Error, 'EAGAIN', 'EAGAIN: resource temporarily unavailable, read', { errno: -11, syscall: 'read' });
      throw badFd(fd);
    }
    const bytes = asBytes(buffer, 'buffer');
    let offset = offsetOrOptions;
    if (offsetOrOptions !== null && typeof offsetOrOptions === 'object') {
      ({ offset, length, position } = offsetOrOptions as { offset?: unknown; length?: unknown; position?: unknown });
    }
    const off = offset === undefined || offset === null ? 0 : Number(offset);
    const len = length === undefined || length === null ? bytes.length - off : Number(length);
    if (!(off >= 0 && off <= bytes.length)) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "offset" is out of range. It must be >= 0 && <= ${bytes.length}. Received ${off}`);
    if (!(len >= 0 && off + len <= bytes.length)) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "length" is out of range. It must be >= 0 && <= ${bytes.length - off}. Received ${len}`);
    if (typeof position === 'number' && position >= 0) {
      // pread: read at a position without moving the shared cursor, as on a redirected file.
      const saved = input.position;
      input.position = MathMin(position, input.length);
      const n = input.readInto(bytes, off, len);
      input.position = saved;
      return n;
    }
    return input.readInto(bytes, off, len);
  }

  function writeSync(fd: unknown, data: unknown, offsetOrPosition?: unknown, lengthOrEncoding?: unknown): number {
    if (fd !== 1 && fd !== 2) {
      if (fd === 0) throw nodeError(Error, 'EBADF', 'EBADF: bad file descriptor, write', { errno: -9, syscall: 'write' });
      throw badFd(fd);
    }
    let text: string;
    if (typeof data === 'string') text = chunkText(env, data, typeof lengthOrEncoding === 'string' ? lengthOrEncoding : undefined);
    else {
      const bytes = asBytes(data, 'buffer');
      const off = typeof offsetOrPosition === 'number' ? offsetOrPosition : 0;
      const len = typeof lengthOrEncoding === 'number' ? lengthOrEncoding : bytes.length - off;
      text = env.host.decode(bytes, off, off + len, 'utf8');
    }
    write(fd as number, text);
    return env.host.byteLength(text, 'utf8');
  }

  function writeFileSync(file: unknown, data: unknown, options?: unknown): void {
    const fd = fdOf(file);
    if (fd !== 1 && fd !== 2) throw accessDenied(String(pathOf(file)), 'FileSystemWrite');
    write(fd, chunkText(env, typeof data === 'string' || data instanceof Uint8Array ? data : String(data), encodingOf(options) ?? undefined));
  }

  function openSync(path: unknown, flags?: unknown): number {
    const fd = fdOf(path);
    if (fd === null) throw accessDenied(String(pathOf(path)), flags === undefined || flags === 'r' ? 'FileSystemRead' : 'FileSystemWrite');
    return fd;
  }

  function fstatSync(fd: unknown) {
    if (fd !== 0 && fd !== 1 && fd !== 2) throw badFd(fd);
    const size = fd === 0 ? input.length : 0;
    const isFile = fd === 0;
    return {
      dev: 0, ino: 0, mode: isFile ? 0o100444 : 0o10600, nlink: 1, uid: 0, gid: 0, rdev: 0, size, blksize: 4096, blocks: Math.ceil(size / 512),
      atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0, atime: new Date(0), mtime: new Date(0), ctime: new Date(0), birthtime: new Date(0),
      isFile: () => isFile, isDirectory: () => false, isFIFO: () => !isFile, isSymbolicLink: () => false,
      isSocket: () => false, isCharacterDevice: () => false, isBlockDevice: () => false,
    };
  }

  /** Node-style async wrapper: the callback runs on a later turn and keeps the program alive. */
  const callbackStyle =
    <A extends unknown[]>(sync: (...args: A) => unknown) =>
    (...args: unknown[]) => {
      const cb = args.pop();
      if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
      let result: unknown;
      let error: unknown = null;
      try {
        result = sync(...(args as A));
      } catch (e) {
        error = e;
      }
      env.loop.ref();
      env.loop.schedule(() => {
        env.loop.invoke(cb as (...a: unknown[]) => unknown, undefined, error ? [error] : [null, result]);
        env.loop.unref();
      }, -1);
    };
  const promiseStyle =
    <A extends unknown[]>(sync: (...args: A) => unknown) =>
    (...args: A) =>
      new Promise((resolve, reject) => {
        env.loop.ref();
        env.loop.schedule(() => {
          env.loop.unref();
          try {
            resolve(sync(...args));
          } catch (e) {
            reject(e);
          }
        }, -1);
      });

  const existsSync = (p: unknown) => {
    try {
      return fdOf(p) !== null;
    } catch {
      return false;
    }
  };

  const fs: Record<string, unknown> = {
    readFileSync,
    readSync,
    writeSync,
    writeFileSync,
    appendFileSync: writeFileSync,
    openSync,
    closeSync: () => {},
    fstatSync,
    existsSync,
    readFile: callbackStyle(readFileSync),
    read: (fd: unknown, buffer: unknown, ...rest: unknown[]) => {
      const cb = rest.pop();
      if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
      callbackStyle(() => readSync(fd, buffer, ...rest))((err: unknown, n: unknown) => (cb as (...a: unknown[]) => void)(err, n, buffer));
    },
    write: callbackStyle(writeSync),
    writeFile: callbackStyle(writeFileSync),
    open: callbackStyle(openSync),
    close: (_fd: unknown, cb?: unknown) => typeof cb === 'function' && env.loop.schedule(() => env.loop.invoke(cb as () => void, undefined, [null]), -1),
    fstat: callbackStyle(fstatSync),
    exists: (p: unknown, cb: unknown) => typeof cb === 'function' && env.loop.schedule(() => env.loop.invoke(cb as () => void, undefined, [existsSync(p)]), -1),
    createReadStream: (path: unknown) => {
      const fd = fdOf(path);
      if (fd !== 0) throw accessDenied(String(pathOf(path)));
      return new InputStream(env);
    },
    createWriteStream: (path: unknown) => {
      const fd = fdOf(path);
      if (fd === 1) return std.stdout;
      if (fd === 2) return std.stderr;
      throw accessDenied(String(pathOf(path)), 'FileSystemWrite');
    },
    constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2 },
  };
  const denyRead = (p?: unknown) => {
    throw accessDenied(String(p), 'FileSystemRead');
  };
  const denyWrite = (p?: unknown) => {
    throw accessDenied(String(p), 'FileSystemWrite');
  };
  for (let i = 0; i < DENIED.length; i++) {
    const name = DENIED[i]!;
    fs[`${name}Sync`] = fs[name] = SetPrototypeHas(READS, name) ? denyRead : denyWrite;
  }
  fs.statSync = (p: unknown) => {
    const fd = fdOf(p);
    if (fd === null) throw accessDenied(String(pathOf(p)));
    return fstatSync(fd);
  };
  fs.promises = {
    readFile: promiseStyle(readFileSync),
    writeFile: promiseStyle(writeFileSync),
    appendFile: promiseStyle(writeFileSync),
    stat: promiseStyle(fs.statSync as (p: unknown) => unknown),
  };
  return fs;
}
