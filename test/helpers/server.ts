import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLogged, type LoggedProcess } from './logged-process';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The judge's readiness line: every problem stored, the judge threads up (server/main.ts). */
export const READY_LINE = /all \d+ problems ready in [\d.]+ s/;

export interface ServerOptions {
  /** Reuse a data directory (restart tests); a fresh temporary one by default. */
  dataDir?: string;
  workers?: number;
  /** Problems to import (JUDGE_PROBLEMS); every package when null. Default: just nim, for speed. */
  problems?: string[] | null;
  env?: Record<string, string>;
  /** How long to wait for the server to be ready. */
  startTimeoutMs?: number;
  /**
   * What "started" means: 'ready' (default) waits for "all N problems ready", printed once every
   * problem is built and the judge threads are up; 'listening' only for the HTTP server, while
   * problems may still be building in the background.
   */
  waitFor?: 'ready' | 'listening';
}

/** The judge as a child process: its log, waits on it, SIGTERM (stop) and SIGKILL (kill). */
export interface RunningServer extends LoggedProcess {
  url: string;
  port: number;
  dataDir: string;
}

/**
 * Starts the real judge (`server/main.ts` under tsx) as a child process on a free port, with its
 * own data directory, and resolves once it is ready (or only listens, with `waitFor: 'listening'`). It runs as `node --import tsx` rather than the
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

  const server = startLogged(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, name: 'server', logTimeoutMs: 60_000 });
  const listening = /listening on http:\/\/[^:]+:(\d+)/;
  await server.waitForLog(options.waitFor === 'listening' ? listening : READY_LINE, options.startTimeoutMs ?? 120_000);
  const port = Number(listening.exec(server.logs())![1]);
  return { ...server, url: `http://127.0.0.1:${port}`, port, dataDir };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
