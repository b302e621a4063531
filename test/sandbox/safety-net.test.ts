import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { lookAt, safetyNet, starved } from '../../server/sandbox/safety-net';

/**
 * The judge's last net around a sandbox: past its deadline a sandbox that does not answer is
 * killed when it is hung, but not while it waits for a core (a loaded machine is late, not the
 * sandbox). Both cases are made so that the machine's own load cannot flip them: a sleeping process
 * never waits for a core, and a SCHED_IDLE spinner pinned to one CPU beside two ordinary spinners
 * there waits nearly all the time, however busy the rest of the machine is.
 */
let children: ChildProcess[] = [];
const start = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
};
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children = [];
});
const spinner = ['-e', 'for (;;) {}'];
/** The first CPU this process may run on (a container may not offer CPU 0). */
const cpu = /Cpus_allowed_list:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';

describe('the safety net around a sandbox request', () => {
  it('kills a sandbox that is past its deadline and not waiting for a core', async () => {
    const sleeper = start('sleep', ['60']);
    const due = performance.now() + 50;
    const killed = await new Promise<boolean>((resolve) => {
      safetyNet(() => sleeper.pid ?? null, () => due, () => resolve(true));
    });
    expect(killed).toBe(true);
  });

  it('kills at once when it cannot see the sandbox', async () => {
    const due = performance.now();
    const killed = await new Promise<boolean>((resolve) => {
      safetyNet(() => null, () => due, () => resolve(true));
    });
    expect(killed).toBe(true);
  });

  it('tells starved from hung: runnable in most looks with little CPU, against blocked or on a core of its own', () => {
    const look = (runnable: boolean, cpuMs: number) => ({ runnable, cpuNs: cpuMs * 1e6 });
    expect(starved([look(true, 0), look(true, 10), look(true, 20)], 1000)).toBe(true);
    expect(starved([look(false, 0), look(false, 0), look(false, 0)], 1000)).toBe(false);
    expect(starved([look(true, 0), look(true, 500), look(true, 950)], 1000)).toBe(false);
    expect(starved([look(true, 0)], 1000)).toBe(false);
  });

  it('waits on while the sandbox spends its time in the run queue', { timeout: 20_000 }, async () => {
    start('taskset', ['-c', cpu, process.execPath, ...spinner]);
    start('taskset', ['-c', cpu, process.execPath, ...spinner]);
    const idle = start('taskset', ['-c', cpu, 'chrt', '--idle', '0', process.execPath, ...spinner]);
    // Let it start and begin to wait.
    await new Promise((r) => setTimeout(r, 500));
    expect(lookAt(idle.pid!)?.runnable).toBe(true);
    let kills = 0;
    const due = performance.now();
    const cancel = safetyNet(() => idle.pid ?? null, () => due, () => kills++);
    // Three watches of a second each: never killed while starved.
    await new Promise((r) => setTimeout(r, 3500));
    cancel();
    expect(kills).toBe(0);
  });
});
