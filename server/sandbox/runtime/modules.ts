import { accessDenied, invalidArgType, moduleNotFound } from './errors';
import { withOriginals, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, ObjectPrototypeHasOwnProperty, SafeSet, SetPrototypeHas, StringPrototypeSlice, StringPrototypeStartsWith } from './primordials';

/** Node built-ins a solution has no business with: requiring them is refused like the permission model refuses. */
const REFUSED = SafeSet([
  'async_hooks', 'child_process', 'cluster', 'crypto', 'dgram', 'diagnostics_channel', 'dns', 'dns/promises', 'domain',
  'http', 'http2', 'https', 'inspector', 'inspector/promises', 'module', 'net', 'os', 'path', 'path/posix', 'path/win32',
  'punycode', 'querystring', 'repl', 'sea', 'sqlite', 'stream', 'stream/promises', 'stream/web', 'sys', 'test',
  'tls', 'trace_events', 'tty', 'url', 'v8', 'vm', 'wasi', 'worker_threads', 'zlib',
]);

export type ModuleTable = Record<string, () => unknown>;

/** `require` for the solution: the allowed built-ins (with or without `node:`), each built once. */
export function makeRequire(table: ModuleTable, mainModule: object) {
  const cache = new Map<string, unknown>();
  const resolveName = (id: unknown): string => {
    if (typeof id !== 'string') throw invalidArgType('id', 'of type string', id);
    const name = StringPrototypeStartsWith(id, 'node:') ? StringPrototypeSlice(id, 5) : id;
    if (ObjectPrototypeHasOwnProperty(table, name)) return name;
    if (SetPrototypeHas(REFUSED, name)) {
      const e = accessDenied(`require('${id}')`, 'ModuleLoading');
      e.message = `Access to this API has been restricted: the judge does not allow require('${id}')`;
      throw e;
    }
    throw moduleNotFound(id);
  };
  const require = (id: unknown): unknown => {
    const name = resolveName(id);
    if (MapPrototypeHas(cache, name)) return MapPrototypeGet(cache, name);
    // A module is built after the program started: on the built-ins as they were before it.
    const value = withOriginals(table[name]!);
    MapPrototypeSet(cache, name, value);
    return value;
  };
  require.resolve = (id: unknown) => (resolveName(id), `node:${String(id).replace(/^node:/, '')}`);
  require.main = mainModule;
  require.cache = {};
  require.extensions = {};
  return require;
}
