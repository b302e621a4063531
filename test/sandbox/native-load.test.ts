import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { show, unsupported, useNativeProgram } from './native-harness';

/**
 * A native verdict must not depend on what else the machine runs, as test/sandbox/load-verdicts
 * checks for TypeScript: a C++ program needing 75 % of its CPU limit is accepted 10 times of 10
 * beside 6 CPU-bound sessions (each its own session, as other people's programs are), though its
 * wall time passes the wall net; the sleeper and the endless loop keep their TLE.
 */
const LIMIT_MS = 400;

let busy: ChildProcess[] = [];
function startBusy(n: number): void {
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' });
    child.unref();
    busy.push(child);
  }
}
afterEach(() => {
  for (const child of busy) child.kill('SIGKILL');
  busy = [];
});

describe.skipIf(unsupported)('native verdicts under load', () => {
  const box = useNativeProgram('attacks.cpp', { timeMs: LIMIT_MS });

  it('a C++ program using 75 % of its CPU limit is AC 10 of 10 times beside 6 CPU-bound sessions', { timeout: 120_000 }, async () => {
    await box.run('sum 1 1\n');
    startBusy(6);
    const verdicts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await box.run(`burn ${LIMIT_MS * 0.75}\n`);
      verdicts.push(r.status === 'ok' && r.stdout === 'done\n' ? 'AC' : `${r.status}: ${show(r)}`);
    }
    expect(verdicts).toEqual(Array(10).fill('AC'));
  });

  it('beside 6 CPU-bound sessions, a sleeper and an endless loop still get TLE', { timeout: 120_000 }, async () => {
    startBusy(6);
    const sleeper = await box.run('sleep\n');
    expect(sleeper.status, show(sleeper)).toBe('tle');
    expect(sleeper.message).toMatch(/wall time/);
    const loop = await box.run('threads\n');
    expect(loop.status, show(loop)).toBe('tle');
    expect(loop.message).toMatch(/CPU time/);
  });
});
