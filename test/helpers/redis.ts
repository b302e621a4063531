import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLogged, type LoggedProcess } from './logged-process';

export interface RunningRedis {
  url: string;
  port: number;
  dir: string;
  process: LoggedProcess;
  /** Stops Redis (it writes its append-only file) and starts it again on the same port and files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A real Debian redis-server on a free loopback port, with its files in a temporary directory. */
export async function startRedis(): Promise<RunningRedis> {
  execFileSync('redis-server', ['--version']);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sg-redis-'));
  const launch = async (): Promise<LoggedProcess> => {
    const p = startLogged(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--maxmemory-policy', 'noeviction'],
      { cwd: dir, env: {}, name: 'redis-server' },
    );
    await p.waitForLog(/Ready to accept connections/, 30_000);
    return p;
  };
  const handle: RunningRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    process: await launch(),
    async restart() {
      await handle.process.stop();
      handle.process = await launch();
    },
    stop: () => handle.process.stop(),
  };
  return handle;
}

