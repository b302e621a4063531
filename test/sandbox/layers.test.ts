import { permissionFlag } from '../../server/platform/node-version';
import { readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(args.filter((a) => a.startsWith('--allow-fs'))).toEqual(['--allow-fs-read=/proc/self/status', '--allow-fs-write=/proc/self/clear_refs']);
    expect(args.some((a) => a.startsWith('--allow-child-process'))).toBe(false);
  });

  it('has none of the judge\'s environment', () => {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    // Only Node's own IPC channel variables.
    for (const v of env) expect(v).toMatch(/^NODE_CHANNEL_/);
    expect(env.join('\n')).not.toContain(SECRET);
  });

  it.skipIf(!has('unshare') || !layers.prefix.includes('--pid'))('is in its own network and pid namespaces', () => {
    expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(readlinkSync(`/proc/${pid}/ns/pid`)).not.toBe(readlinkSync('/proc/self/ns/pid'));
    // Inside its namespace it is process 1: it can signal nothing of ours.
    expect(readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(/NSpid:\s+\d+\s+1\n/);
  });

  it.skipIf(!detectLayers().unprivileged)('runs as the unprivileged user nobody', () => {
    expect(readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(/Uid:\s+65534\s+65534\s+65534\s+65534/);
  });

  it.skipIf(!has('prlimit'))('has no core dumps, cannot write files, and a capped number of open files', () => {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(/Max core file size\s+0\s+0/);
    expect(limits).toMatch(/Max file size\s+0\s+0/);
    expect(limits).toMatch(/Max open files\s+256\s+256/);
    // Never RLIMIT_AS: V8 reserves far more address space than it uses.
    expect(limits).toMatch(/Max address space\s+unlimited/);
  });

  it.skipIf(!layers.cgroup)('is in a cgroup of its own with a memory limit and a task cap', async () => {
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
