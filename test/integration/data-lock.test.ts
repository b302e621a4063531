import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../server/storage/data-lock';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * The data-directory lock (server/storage/data-lock.ts) with real processes: a judge killed with
 * SIGKILL, and left a zombie by a parent that never reaps it, must not keep the next judge out;
 * nor may an unrelated process that got the dead judge's pid; a live judge still does.
 */
const children: ChildProcess[] = [];
const servers: RunningServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) removeDataDir(d);
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sg-lock-test-'));
  dirs.push(d);
  return d;
}

function procState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return null;
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(process.platform !== 'linux')('data-directory lock', () => {
  it('a judge killed with SIGKILL, still a zombie, does not keep a judge restarted at once out', async () => {
    const dir = dataDir();
    const log = join(dir, 'first.log');
    // The judge runs under a shell that then becomes `sleep`: a parent that never waits, so the
    // killed judge stays a zombie (as under a supervisor that is slow to reap).
    const parent = spawn('sh', ['-c', `"$0" --import tsx server/main.ts >"${log}" 2>&1 & echo $! ; exec sleep 300`, process.execPath], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, JUDGE_PROBLEMS: 'nim', JUDGE_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes('listening on'), 'the first judge to listen');
    expect(readFileSync(join(dir, 'judge.pid'), 'utf8').split(' ')[0]!.trim()).toBe(String(pid));

    process.kill(pid, 'SIGKILL');
    await until(() => procState(pid) === 'Z', 'the killed judge to become a zombie', 10_000);

    const second = await startServer({ dataDir: dir, workers: 1 });
    servers.push(second);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { node: string }).node).toBe(process.version);
    expect(readFileSync(join(dir, 'judge.pid'), 'utf8').split(' ')[0]!.trim()).toBe(String(second.process.pid));
  }, 240_000);

  it('a live judge keeps a second one out, with one line naming it', async () => {
    const dir = dataDir();
    const first = await startServer({ dataDir: dir, workers: 1 });
    servers.push(first);
    expect(() => lockDataDir(dir)).toThrow(`another judge server (pid ${first.process.pid}) is using ${dir}`);
  }, 180_000);

  it('a pid file naming a live process started at another time (the pid reused) is taken over', () => {
    const dir = dataDir();
    const other = spawn('sleep', ['300']);
    children.push(other);
    // The pid of a running process that is not the judge that wrote the file: its start time differs.
    writeFileSync(join(dir, 'judge.pid'), `${other.pid} 1\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'judge.pid'), 'utf8').split(' ')[0]!.trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'judge.pid'))).toBe(false);
  });

  it('a pid file naming a live process with its own start time keeps the directory locked', () => {
    const dir = dataDir();
    const other = spawn('sleep', ['300']);
    children.push(other);
    const stat = readFileSync(`/proc/${other.pid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(join(dir, 'judge.pid'), `${other.pid} ${started}\n`);
    expect(() => lockDataDir(dir)).toThrow(`pid ${other.pid}`);
  });
});
