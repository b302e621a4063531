import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFlag } from '../../server/platform/node-version';
import { detectLayers, PIDS_MAX } from '../../server/sandbox/layers';
import { ProcessSandbox } from '../../server/sandbox/process-sandbox';

/**
 * The operating-system layers around the sandbox process, checked from outside through /proc: each
 * one this machine offers must really be in place (the in-context tests cannot tell, because the
 * runtime refuses first).
 */
const SECRET = `sg-layer-secret-${process.pid}`;
process.env.SG_LAYER_SECRET = SECRET;
const layers = detectLayers();
const has = (cmd: string) => layers.prefix.includes(cmd);

/**
 * A layer this machine lacks is skipped on a developer's machine, but on CI (CI=true, or
 * SG_EXPECT_LAYERS=1) every layer is expected and a missing one fails, so CI cannot pass by
 * skipping.
 */
const EXPECT_EVERY_LAYER = process.env.CI === 'true' || process.env.SG_EXPECT_LAYERS === '1';
function layerTest(name: string, present: boolean, layer: string, fn: () => void | Promise<void>) {
  if (present) return it(name, fn);
  if (!EXPECT_EVERY_LAYER) return it.skip(name, fn);
  return it(name, () => {
    throw new Error(`the ${layer} layer is missing on this machine, and CI=true or SG_EXPECT_LAYERS=1 expects every layer. Start-up warnings: ${layers.warnings.join('; ') || 'none'}`);
  });
}

describe('sandbox process layers', () => {
  const sandbox = new ProcessSandbox();
  let pid: number;
  beforeAll(async () => {
    await sandbox.start();
    pid = sandbox.nodePid()!;
  });
  afterAll(() => sandbox.close());

  it('runs Node under the permission model, with no file system access but its own clocks', () => {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(args).toContain(permissionFlag());
    expect(args).toContain('--disallow-code-generation-from-strings');
    expect(args.filter((a) => a.startsWith('--allow-fs'))).toEqual([
      '--allow-fs-read=/proc/self/status',
      '--allow-fs-read=/proc/self/statm',
      '--allow-fs-write=/proc/self/clear_refs',
      '--allow-fs-read=/proc/thread-self',
      '--allow-fs-read=/proc/self/task/',
    ]);
    expect(args.some((a) => a.startsWith('--allow-child-process'))).toBe(false);
  });

  it('its flags make the real Node permission model deny files, writes, processes and eval', () => {
    // The runtime inside the sandbox refuses these first, with an imitation of Node's error, so a
    // program cannot show that the permission model is really on. Node itself can: the same
    // binary with the flags the running sandbox process has (read from /proc) must refuse.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const binary = readlinkSync(`/proc/${pid}/exe`);
    const flags = args.slice(1, args.indexOf('-e'));
    expect(flags).toContain(permissionFlag());
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-permission-'));
    try {
      const probe = `
        const fs = require('fs');
        const out = {};
        const attempt = (name, f) => { try { f(); out[name] = 'allowed'; } catch (e) { out[name] = e.code || e.name; } };
        attempt('read /etc/passwd', () => fs.readFileSync('/etc/passwd'));
        attempt('read the test directory', () => fs.readdirSync(${JSON.stringify(dir)}));
        attempt('write a file', () => fs.writeFileSync(${JSON.stringify(path.join(dir, 'x'))}, 'x'));
        attempt('spawn a process', () => require('child_process').spawnSync('id'));
        attempt('read its own memory counters', () => fs.readFileSync('/proc/self/status'));
        attempt('read its resident size', () => fs.readFileSync('/proc/self/statm'));
        attempt('read another process', () => fs.readFileSync('/proc/1/statm'));
        attempt('compile code from a string', () => new Function('return 1'));
        out['permission.has fs.read /etc/passwd'] = process.permission.has('fs.read', '/etc/passwd');
        console.log(JSON.stringify(out));`;
      const r = spawnSync(binary, [...flags, '-e', probe], { encoding: 'utf8', env: {} });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        'read /etc/passwd': 'ERR_ACCESS_DENIED',
        'read the test directory': 'ERR_ACCESS_DENIED',
        'write a file': 'ERR_ACCESS_DENIED',
        'spawn a process': 'ERR_ACCESS_DENIED',
        'read its own memory counters': 'allowed',
        'read its resident size': 'allowed',
        'read another process': 'ERR_ACCESS_DENIED',
        'compile code from a string': 'EvalError',
        'permission.has fs.read /etc/passwd': false,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has none of the judge\'s environment', () => {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    // Only Node's own IPC channel variables.
    for (const v of env) expect(v).toMatch(/^NODE_CHANNEL_/);
    expect(env.join('\n')).not.toContain(SECRET);
  });

  layerTest('is in its own network and pid namespaces', has('unshare') && layers.prefix.includes('--pid'), 'network and pid namespace (unshare --pid)', () => {
    expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(readlinkSync(`/proc/${pid}/ns/pid`)).not.toBe(readlinkSync('/proc/self/ns/pid'));
    // Inside its namespace it is process 1: it can signal nothing of ours.
    expect(readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(/NSpid:\s+\d+\s+1\n/);
  });

  layerTest('runs as the unprivileged user nobody', detectLayers().unprivileged, 'unprivileged user (setpriv)', () => {
    expect(readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(/Uid:\s+65534\s+65534\s+65534\s+65534/);
  });

  layerTest('has no core dumps, cannot write files, and a capped number of open files', has('prlimit'), 'resource limit (prlimit)', () => {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(/Max core file size\s+0\s+0/);
    expect(limits).toMatch(/Max file size\s+0\s+0/);
    expect(limits).toMatch(/Max open files\s+256\s+256/);
    // Never RLIMIT_AS: V8 reserves far more address space than it uses.
    expect(limits).toMatch(/Max address space\s+unlimited/);
  });

  layerTest('is in a cgroup of its own with a memory limit and a task cap', layers.cgroup !== null, 'cgroup', async () => {
    await sandbox.load('(async function (exports, require, module, __filename, __dirname) {})', { timeMs: 1000, memoryMb: 256, outputBytes: 1 << 20 });
    const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8');
    const memory = /:memory:(.*)\n/.exec(lines)?.[1] ?? /^0::(.*)$/m.exec(lines)?.[1];
    expect(memory).toMatch(/sg-sandbox-/);
    if (layers.cgroup!.version === 1) {
      const limit = Number(readFileSync(`/sys/fs/cgroup/memory${memory}/memory.limit_in_bytes`, 'utf8'));
      expect(limit).toBeGreaterThan(256 * 1024 * 1024);
      expect(limit).toBeLessThan(4 * 1024 * 1024 * 1024);
      const pids = /:pids:(.*)\n/.exec(lines)?.[1];
      if (pids) expect(Number(readFileSync(`/sys/fs/cgroup/pids${pids}/pids.max`, 'utf8'))).toBe(PIDS_MAX);
    }
  });
});
