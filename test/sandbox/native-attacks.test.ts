import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ROOT } from '../../server/platform/install-cache';
import { show, unsupported, useNativeProgram } from './native-harness';

/**
 * Every native program is hostile: one C++ program (fixtures/native/attacks.cpp) tries each attack
 * the issue lists, compiled by the real g++ in the runner, run in one warm box. Each gets its
 * verdict, and after each run nothing of it is left running (its cgroup is empty: checked by the
 * harness after every run; no helper process or cgroup once the sandbox is closed).
 */
describe.skipIf(unsupported)('native programs: attacks', () => {
  const box = useNativeProgram('attacks.cpp');

  it('runs a plain program as the sandbox user, alone in its pid namespace, in a box of its own name', async () => {
    const sum = await box.run('sum 2 40\n');
    expect(sum.status, show(sum)).toBe('ok');
    expect(sum.stdout).toBe('42\n');
    const who = await box.run('whoami\n');
    expect(who.stdout).toMatch(/^uid 65534 gid 65534 pid \d{1,2} host sandbox\n$/);
  });

  it('a fork bomb gets TLE by the CPU time of all its processes, and nothing of it is left', async () => {
    const r = await box.run('forkbomb\n');
    expect(r.status, show(r)).toBe('tle');
    expect(r.message).toMatch(/CPU time/);
  });

  it("a child that outlives the program does not outlive the run", async () => {
    const r = await box.run('daemon\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('parent done\n');
  });

  describe('no network', () => {
    let server: Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      server = createServer((s) => {
        connections++;
        s.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a socket to a server listening on loopback does not connect', async () => {
      const r = await box.run(`connect 127.0.0.1 ${port}\n`);
      expect(r.stdout).toBe('connect: Network is unreachable\n');
      expect(connections).toBe(0);
    });

    it('a socket to an outside address does not connect', async () => {
      const r = await box.run('connect 1.1.1.1 80\n');
      expect(r.stdout).toBe('connect: Network is unreachable\n');
    });
  });

  it("the box's /etc/passwd is a stub: none of the machine's accounts", async () => {
    const r = await box.run('read /etc/passwd\n');
    expect(r.stdout).toContain('nobody:x:65534');
    expect(r.stdout).not.toMatch(/\/root|\/home|bash/);
    const etc = await box.run('ls /etc\n');
    expect(etc.stdout.split('\n')).not.toContain('shadow');
  });

  it("the judge's files are not there: its checkout, its data directory and database, homes, other submissions", async () => {
    const root = await box.run('ls /\n');
    // The runtime this machine has (lib32, lib64… where there), the box's own mounts, and the program.
    const runtime = ['bin', 'lib', 'lib32', 'lib64', 'libx32', 'sbin', 'usr'].filter((d) => existsSync(`/${d}`));
    expect(root.stdout.split('\n').filter(Boolean).sort()).toEqual(['.', '..', 'dev', 'etc', 'proc', 'prog', 'tmp', ...runtime].sort());
    for (const file of [path.join(CHECKOUT_ROOT, 'package.json'), path.join(CHECKOUT_ROOT, 'data', 'judge.db'), '/root/.bashrc', '/home']) {
      const r = await box.run(`read ${file}\n`);
      expect(r.stdout, file).toBe(`cannot read ${file}: No such file or directory\n`);
    }
    const prog = await box.run('ls /prog\n');
    expect(prog.stdout.split('\n').filter(Boolean).sort()).toEqual(['.', '..', 'main', 'main.cpp']);
  });

  it("the judge's processes are not visible: /proc/1/environ and the judge's own /proc entry cannot be read", async () => {
    const init = await box.run('read /proc/1/environ\n');
    expect(init.stdout).toMatch(/^cannot read \/proc\/1\/environ: (No such file or directory|Permission denied)\n$/);
    const judge = await box.run(`read /proc/${process.pid}/environ\n`);
    expect(judge.stdout).toMatch(/^cannot read .*: (No such file or directory|Permission denied)\n$/);
    const proc = await box.run('ls /proc\n');
    // Only its own process (and the self links): no other pid.
    expect(proc.stdout.split('\n').filter((n) => /^\d+$/.test(n))).toHaveLength(1);
  });

  it('filling the disk stops at the private /tmp cap, the rest is read-only, and the next run finds /tmp empty', async () => {
    const fill = await box.run('fill\n');
    expect(fill.status, show(fill)).toBe('ok');
    expect(fill.stdout).toMatch(/^filled \d+ MiB: (No space left on device|File too large)\n$/);
    expect(Number(/filled (\d+)/.exec(fill.stdout)![1])).toBeLessThanOrEqual(64);
    for (const file of ['/prog/main', '/x', '/usr/x', '/etc/passwd']) {
      const r = await box.run(`write ${file}\n`);
      expect(r.stdout, file).toMatch(/: (Read-only file system|Permission denied)\n$/);
    }
    // The devices a program may use still work.
    const devNull = await box.run('write /dev/null\n');
    expect(devNull.stdout).toBe('write /dev/null: ok\n');
    const next = await box.run('leftover\n');
    expect(next.stdout).toBe('leftover: none\n');
  });

  it('killing the parent, the init or everything fails, and the box keeps serving', async () => {
    const r = await box.run('kill\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toMatch(/^kill 1: (Operation not permitted|No such process)\nkill parent: (Operation not permitted|No such process)\nkill -1: (Operation not permitted|No such process)\n$/);
    const after = await box.run('sum 1 1\n');
    expect(after.stdout).toBe('2\n');
  });

  it('ptrace, process_vm_readv, new namespaces, io_uring, keyctl, bpf, perf, mount, personality, SysV IPC, message queues: refused; fork is not', async () => {
    const r = await box.run('syscalls\n');
    expect(r.status, show(r)).toBe('ok');
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('fork: ok');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/: Operation not permitted$/);
    expect(lines).toHaveLength(16);
  });

  it.runIf(process.arch === 'x64')('a system call through the 32-bit ABI kills the program: RE naming SIGSYS', async () => {
    const r = await box.run('i386\n');
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toBe('Runtime error: the program was killed by signal 31 (SIGSYS).');
  });

  it('threads burning CPU get TLE by their total CPU time, in less wall time than that', async () => {
    const r = await box.run('threads\n');
    expect(r.status, show(r)).toBe('tle');
    expect(r.message).toMatch(/CPU time/);
    expect(r.timeMs).toBeGreaterThanOrEqual(500);
  });

  it('1 GB of output is OLE at the cap, quickly, its output cut at the cap', async () => {
    const t0 = performance.now();
    const r = await box.run('flood\n');
    expect(r.status, show(r)).toBe('ole');
    expect(r.message).toBe('Output limit exceeded: the program wrote more than 67108864 bytes.');
    expect(r.stdout.length).toBe(64 * 1024 * 1024);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('a sleeper gets TLE by the wall net, said as idle', async () => {
    const r = await box.run('sleep\n');
    expect(r.status, show(r)).toBe('tle');
    expect(r.message).toMatch(/wall time.*idle: it was waiting/);
    expect(r.timeMs).toBeLessThan(100);
  });

  it('deep recursion (2·10⁶ frames, 160 MB of stack) under the memory limit is not RE', async () => {
    const r = await box.run('recurse 2000000\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toMatch(/^depth 2000000: /);
    expect(r.memoryKb).toBeGreaterThan(100 * 1024);
  });

  it('touching memory past the limit is MLE (never RE), under it is not', async () => {
    const over = await box.run('touch 300\n');
    expect(over.status, show(over)).toBe('mle');
    expect(over.message).toMatch(/^Memory limit exceeded/);
    const under = await box.run('touch 150\n');
    expect(under.status, show(under)).toBe('ok');
    expect(under.memoryKb).toBeGreaterThan(150 * 1024);
  });

  it('a 1 GiB array declared but never touched is not MLE: peak resident memory counts', async () => {
    const r = await box.run('huge\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('huge ok 1\n');
    expect(r.memoryKb).toBeLessThan(32 * 1024);
  });

  it('signals and exit codes are RE, named', async () => {
    const segv = await box.run('segv\n');
    expect(segv.status).toBe('re');
    expect(segv.message).toBe('Runtime error: the program was killed by signal 11 (SIGSEGV).');
    const abort = await box.run('abort\n');
    expect(abort.message).toBe('Runtime error: the program was killed by signal 6 (SIGABRT).');
    const exit = await box.run('exit 3\n');
    expect(exit.status).toBe('re');
    expect(exit.exitCode).toBe(3);
    expect(exit.message).toBe('Runtime error: the program exited with code 3.');
  });
});

describe.skipIf(unsupported)('native programs without a cgroup (the fallbacks)', () => {
  const box = useNativeProgram('attacks.cpp', {}, { cgroup: false });

  it('CPU time from /proc and the reaped children: threads burning CPU are TLE, a plain run is AC', async () => {
    const sum = await box.run('sum 1 2\n');
    expect(sum.status, show(sum)).toBe('ok');
    const r = await box.run('threads\n');
    expect(r.status, show(r)).toBe('tle');
    expect(r.timeMs).toBeGreaterThanOrEqual(500);
  });

  it('memory from /proc and ru_maxrss: touching past the limit is MLE, an untouched array is not', async () => {
    const over = await box.run('touch 300\n');
    expect(over.status, show(over)).toBe('mle');
    const huge = await box.run('huge\n');
    expect(huge.status, show(huge)).toBe('ok');
  });
});
