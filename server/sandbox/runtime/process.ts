import EventEmitter from 'events';
import type { Env } from './env';
import { accessDenied, invalidArgType, nodeError } from './errors';
import type { InputStream, OutputStream } from './streams';

// Captured before any program runs: a program may replace JSON.parse or Array.isArray.
const jsonParse = JSON.parse;
const isArray = Array.isArray;

export interface ProcessState {
  exitCode: number | undefined;
}

/**
 * The program's `process`: built inside the context, so whatever a program reaches through it
 * (or through `this.constructor.constructor('return process')()`) is this object, not Node's.
 * It has an empty environment and no way to signal, spawn or load native code.
 */
export function makeProcess(env: Env, std: { stdin: InputStream; stdout: OutputStream; stderr: OutputStream }, state: ProcessState, nextTick: (fn: unknown, args: unknown[]) => void) {
  const process = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const hrtime = (previous?: unknown): [number, number] => {
    const now = env.host.hrtime();
    let sec = Number(now / 1_000_000_000n);
    let ns = Number(now % 1_000_000_000n);
    if (isArray(previous)) {
      sec -= Number(previous[0]);
      ns -= Number(previous[1]);
      if (ns < 0) {
        sec--;
        ns += 1e9;
      }
    }
    return [sec, ns];
  };
  hrtime.bigint = () => env.host.hrtime();
  const memoryUsage = () => jsonParse(env.host.memory()) as Record<string, number>;
  memoryUsage.rss = () => memoryUsage().rss;
  const denied = (what: string) => () => {
    throw accessDenied(what, 'ChildProcess');
  };

  Object.assign(process, {
    title: 'node',
    version: `v${env.nodeVersion}`,
    versions: { node: env.nodeVersion },
    release: { name: 'node', lts: 'Iron' },
    arch: 'x64',
    platform: 'linux',
    argv: ['/usr/local/bin/node', '/solution.js'],
    argv0: 'node',
    execArgv: [],
    execPath: '/usr/local/bin/node',
    env: {},
    pid: 1,
    ppid: 0,
    config: { variables: {} },
    features: {},
    stdin: std.stdin,
    stdout: std.stdout,
    stderr: std.stderr,
    exit: (code?: unknown) => env.exit(code),
    reallyExit: (code?: unknown) => env.exit(code),
    abort: () => {
      state.exitCode = 134;
      env.stderr('Aborted\n');
      env.exit(134);
    },
    nextTick: (fn: unknown, ...args: unknown[]) => {
      if (typeof fn !== 'function') throw invalidArgType('callback', 'of type function', fn);
      nextTick(fn, args);
    },
    hrtime,
    uptime: () => env.host.now() / 1000,
    cpuUsage: (previous?: { user: number; system: number }) => {
      const user = env.host.cpuMicros();
      return previous ? { user: user - previous.user, system: 0 } : { user, system: 0 };
    },
    resourceUsage: () => ({ userCPUTime: env.host.cpuMicros(), systemCPUTime: 0, maxRSS: Math.round(memoryUsage().rss / 1024) }),
    memoryUsage,
    cwd: () => '/',
    chdir: (dir: unknown) => {
      throw accessDenied(String(dir));
    },
    umask: () => 0o22,
    getuid: () => 65534,
    geteuid: () => 65534,
    getgid: () => 65534,
    getegid: () => 65534,
    getgroups: () => [],
    kill: (pid: unknown) => {
      if (typeof pid !== 'number') throw invalidArgType('pid', 'of type number', pid);
      throw nodeError(Error, 'EPERM', 'kill EPERM', { errno: -1, syscall: 'kill' });
    },
    binding: (name: unknown) => {
      throw accessDenied(`process.binding('${String(name)}')`, 'WorkerThreads');
    },
    _linkedBinding: denied('process._linkedBinding'),
    dlopen: denied('process.dlopen'),
    emitWarning: (warning: unknown, type?: unknown) => {
      const text = warning instanceof Error ? `${warning.name}: ${warning.message}` : `${typeof type === 'string' ? type : 'Warning'}: ${String(warning)}`;
      env.stderr(`(node:1) ${text}\n`);
    },
    setUncaughtExceptionCaptureCallback: () => {},
    hasUncaughtExceptionCaptureCallback: () => false,
    openStdin: () => std.stdin.resume(),
    allowedNodeEnvironmentFlags: new Set<string>(),
  });
  Object.defineProperty(process, 'exitCode', {
    get: () => state.exitCode,
    set: (v: unknown) => {
      if (v === undefined || v === null) state.exitCode = undefined;
      else {
        const n = Number(v);
        if (!Number.isInteger(n)) throw invalidArgType('code', 'of type number', v);
        state.exitCode = n;
      }
    },
    enumerable: true,
    configurable: true,
  });
  Object.defineProperty(process, Symbol.toStringTag, { value: 'process', configurable: true });
  return process;
}
