import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

// The compile time limit counts the compiler thread's own CPU time (server/compile/bounded-compiler.ts),
// so that a busy machine never turns a normal source into CE. The requests are far from the limit on
// either side: a thread that waits 3 s without computing is within a 1 s CPU limit, one that computes
// without end is stopped.
describe('a request thread limited in CPU time', () => {
  it('lets a request that only waits finish, stops one that computes, and falls back to wall time without the option', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/fixtures/threads/cpu-limit-driver.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 110_000 });
    const { waits, spins, next, wallWaits } = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(waits).toEqual({ ok: true, reply: 'done' });
    expect(spins).toMatchObject({ ok: false, timedOut: true });
    // The thread was replaced: the next request is answered.
    expect(next).toEqual({ ok: true, reply: 'done' });
    expect(wallWaits).toMatchObject({ ok: false, timedOut: true });
  }, 120_000);
});
