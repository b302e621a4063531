import type { Env } from './env';
import { ArrayPrototypeConcat, ArrayPrototypeJoin, ArrayPrototypeSlice, MapPrototypeDelete, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, ReflectApply, StringPrototypeSlice, StringPrototypeSplit } from './primordials';
import { makeTable } from './table';

/**
 * Node's console for a program whose stdout and stderr are pipes: log/info/debug to stdout,
 * error/warn/trace to stderr, with util.format's exact output.
 */
export function makeConsole(env: Env) {
  let indent = '';
  const counts = new Map<string, number>();
  const timers = new Map<string, number>();

  const line = (args: readonly unknown[]): string => {
    const text = env.format(args);
    if (indent === '') return `${text}\n`;
    return `${indent}${ArrayPrototypeJoin(StringPrototypeSplit(text, '\n'), `\n${indent}`)}\n`;
  };
  const out = (...args: unknown[]) => env.stdout(line(args));
  const err = (...args: unknown[]) => env.stderr(line(args));
  const elapsed = (label: string): string => {
    const ms = env.host.now() - MapPrototypeGet(timers, label)!;
    return ms >= 1000 ? `${(ms / 1000).toFixed(3)}s` : `${ms.toFixed(3)}ms`;
  };

  const console = {
    log: out,
    info: out,
    debug: out,
    error: err,
    warn: err,
    dir(value: unknown, options?: unknown) {
      env.stdout(`${indent}${env.inspect(value, { ...(options as object), customInspect: false })}\n`);
    },
    dirxml: out,
    table: makeTable(env, (text) => env.stdout(line([text]))),
    trace(...args: unknown[]) {
      const stack = ArrayPrototypeJoin(ArrayPrototypeSlice(StringPrototypeSplit(new Error().stack ?? '', '\n'), 2), '\n');
      err(`Trace${args.length > 0 ? `: ${env.format(args)}` : ''}\n${env.host.mapStack(stack)}`);
    },
    assert(condition: unknown, ...args: unknown[]) {
      if (condition) return;
      if (args.length === 0) err('Assertion failed');
      else if (typeof args[0] === 'string') ReflectApply(err, undefined, ArrayPrototypeConcat([`Assertion failed: ${args[0]}`], ArrayPrototypeSlice(args, 1)));
      else ReflectApply(err, undefined, ArrayPrototypeConcat(['Assertion failed:'], args));
    },
    count(label: unknown = 'default') {
      const key = String(label);
      const n = (MapPrototypeGet(counts, key) ?? 0) + 1;
      MapPrototypeSet(counts, key, n);
      out(`${key}: ${n}`);
    },
    countReset(label: unknown = 'default') {
      MapPrototypeDelete(counts, String(label));
    },
    group(...args: unknown[]) {
      if (args.length > 0) ReflectApply(out, undefined, args);
      indent += '  ';
    },
    groupCollapsed(...args: unknown[]) {
      ReflectApply(console.group, console, args);
    },
    groupEnd() {
      indent = StringPrototypeSlice(indent, 0, -2);
    },
    time(label: unknown = 'default') {
      MapPrototypeSet(timers, String(label), env.host.now());
    },
    timeLog(label: unknown = 'default', ...args: unknown[]) {
      const key = String(label);
      if (!MapPrototypeHas(timers, key)) return err(`Warning: No such label '${key}' for console.timeLog()`);
      ReflectApply(out, undefined, ArrayPrototypeConcat([`${key}: ${elapsed(key)}`], args));
    },
    timeEnd(label: unknown = 'default') {
      const key = String(label);
      if (!MapPrototypeHas(timers, key)) return err(`Warning: No such label '${key}' for console.timeEnd()`);
      out(`${key}: ${elapsed(key)}`);
      MapPrototypeDelete(timers, key);
    },
  };
  return console;
}
