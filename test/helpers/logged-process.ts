import { spawn, type ChildProcess } from 'node:child_process';

/** A child process whose output is collected, with waits on its log and clean signals. */
export interface LoggedProcess {
  process: ChildProcess;
  logs(): string;
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/**
 * Starts a child process and collects its stdout and stderr; if the test process dies first, the
 * child is killed with it (no judge left running on some port).
 */
export function startLogged(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; name: string; logTimeoutMs?: number }): LoggedProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      resolve();
    }),
  );
  const waitForLog = (pattern: RegExp, timeoutMs = options.logTimeoutMs ?? 120_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const cleanup = (): void => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      const check = (): void => {
        if (pattern.test(output)) {
          cleanup();
          resolve();
        }
      };
      const onExit = (): void => {
        cleanup();
        reject(new Error(`${options.name} exited before its log matched ${pattern}; log:\n${output}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${options.name}: log did not match ${pattern} within ${timeoutMs} ms; log:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });
  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return { process: child, logs: () => output, waitForLog, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}
