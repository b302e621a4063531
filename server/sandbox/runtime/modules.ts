import { accessDenied, invalidArgType, moduleNotFound } from './errors';

/** Node built-ins a solution has no business with: requiring them is refused like the permission model refuses. */
const REFUSED = new Set([
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
    const name = id.startsWith('node:') ? id.slice(5) : id;
    if (Object.prototype.hasOwnProperty.call(table, name)) return name;
    if (REFUSED.has(name)) {
      const e = accessDenied(`require('${id}')`, 'ModuleLoading');
      e.message = `Access to this API has been restricted: the judge does not allow require('${id}')`;
      throw e;
    }
    throw moduleNotFound(id);
  };
  const require = (id: unknown): unknown => {
    const name = resolveName(id);
    if (cache.has(name)) return cache.get(name);
    const value = table[name]!();
    cache.set(name, value);
    return value;
  };
  require.resolve = (id: unknown) => (resolveName(id), `node:${String(id).replace(/^node:/, '')}`);
  require.main = mainModule;
  require.cache = {};
  require.extensions = {};
  return require;
}
