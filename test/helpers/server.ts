import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerOptions {
  /** Reuse a data directory (restart tests); a fresh temporary one by default. */
  dataDir?: string;
  workers?: number;
  /** Problems to import (JUDGE_PROBLEMS); every package when null. Default: just nim, for speed. */
  problems?: string[] | null;
  env?: Record<string, string>;
  /** How long to wait for "listening on". */
  startTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  logs(): string;
  /** Waits until the log matches. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit: the judge gets no chance to clean up. */
  kill(): Promise<void>;
}

/**
 * Starts the real judge (`server/main.ts` under tsx) as a child process on a free port, with its
 * own data directory, and resolves once it serves. It runs as `node --import tsx` rather than the
 * `tsx` CLI so the process we signal is the server itself: the CLI would forward SIGTERM but a
 * SIGKILL to it would leave the server running.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sg-judge-test-'));
  const problems = options.problems === undefined ? ['nim'] : options.problems;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JUDGE_WORKERS: String(options.workers ?? 2),
    ...options.env,
  };
  if (problems) env.JUDGE_PROBLEMS = problems.join(',');
  else delete env.JUDGE_PROBLEMS;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // If the test process dies first, do not leave a judge running on some port.
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

  const waitForLog = (pattern: RegExp, timeoutMs = 60_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(output)) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`server log did not match ${pattern} within ${timeoutMs} ms; log:\n${output}`));
      }, timeoutMs);
      const onExit = (): void => {
        cleanup();
        reject(new Error(`server exited before its log matched ${pattern}; log:\n${output}`));
      };
      const cleanup = (): void => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });

  await waitForLog(/listening on http:\/\/[^:]+:(\d+)/, options.startTimeoutMs ?? 120_000);
  const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(output)![1]);

  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    logs: () => output,
    waitForLog,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
