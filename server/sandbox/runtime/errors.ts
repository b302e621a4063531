/** Errors shaped like Node's own, created inside the context. */
import { ObjectDefineProperty, ObjectKeys } from './primordials';

export function nodeError<E extends ErrorConstructor>(Kind: E, code: string, message: string, extra: Record<string, unknown> = {}): InstanceType<E> {
  const e = new Kind(message) as InstanceType<E>;
  ObjectDefineProperty(e, 'code', { value: code, enumerable: true, writable: true, configurable: true });
  const keys = ObjectKeys(extra);
  for (let i = 0; i < keys.length; i++) (e as unknown as Record<string, unknown>)[keys[i]!] = extra[keys[i]!];
  return e;
}

/** What Node's permission model throws; the judge grants no file, process or network access. */
export function accessDenied(resource: string, permission = 'FileSystemRead'): Error {
  return nodeError(Error, 'ERR_ACCESS_DENIED', 'Access to this API has been restricted', { permission, resource });
}

export function moduleNotFound(id: string): Error {
  return nodeError(Error, 'MODULE_NOT_FOUND', `Cannot find module '${id}'\nRequire stack:\n- /solution.js`, { requireStack: ['/solution.js'] });
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `function ${(value as { name?: string }).name || '<anonymous>'}`;
  if (typeof value === 'object') return `an instance of ${(value as { constructor?: { name?: string } }).constructor?.name ?? 'Object'}`;
  let shown = String(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  if (typeof value === 'string') shown = `'${shown}'`;
  return `type ${typeof value} (${shown})`;
}

export function invalidArgType(name: string, expected: string, value: unknown): TypeError {
  return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${expected}. Received ${describeType(value)}`);
}
