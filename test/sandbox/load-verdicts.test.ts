import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * A verdict must not depend on what else the machine runs. CPU-bound processes, each in its own
 * session (as other people's programs are: autogroup scheduling shares a core fairly between
 * sessions, so the sandbox's share shrinks with each), run beside a program that needs ~75 % of its
 * CPU limit: it is accepted every time, though its wall time passes the wall net. The sleeper and
 * the endless loop keep their TLE. The time limit is small so the whole file stays short, however
 * loaded the machine.
 */
const LIMIT_MS = 400;
const BURN = `let s = 0; while (process.cpuUsage().user < ${LIMIT_MS * 0.75 * 1000}) s++; console.log(s > 0 ? 'done' : 'never');`;

let busy: ChildProcess[] = [];
function startBusy(n: number): void {
  for (let i = 0; i < n; i++) {
    // detached: setsid(), a session of its own.
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' });
    child.unref();
    busy.push(child);
  }
}
afterEach(() => {
  for (const child of busy) child.kill('SIGKILL');
  busy = [];
});

describe('verdicts under load', () => {
  const judge = useJudge();

  for (const n of [2, 6]) {
    it(`a program using 75 % of its CPU limit is AC 10 of 10 times beside ${n} CPU-bound sessions`, { timeout: 120_000 }, async () => {
      await judge.run('console.log(1)', '', { timeMs: LIMIT_MS }); // loaded before the load starts
      startBusy(n);
      const verdicts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await judge.run(BURN, '', { timeMs: LIMIT_MS });
        verdicts.push(r.status === 'ok' && r.stdout.trim() === 'done' ? 'AC' : `${r.status}: ${show(r)}`);
      }
      expect(verdicts).toEqual(Array(10).fill('AC'));
    });
  }

  it('beside 6 CPU-bound sessions, a sleeper and an endless loop still get TLE', { timeout: 120_000 }, async () => {
    startBusy(6);
    const sleeper = await judge.run('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); console.log(1);', '', { timeMs: LIMIT_MS });
    expect(sleeper.status, show(sleeper)).toBe('tle');
    expect(sleeper.message).toMatch(/wall time/);
    const loop = await judge.run('let x = 0; while (true) x++;', '', { timeMs: LIMIT_MS });
    expect(loop.status, show(loop)).toBe('tle');
    expect(loop.message).toMatch(/CPU time/);
  });
});
