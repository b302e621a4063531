import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store';
import { clampLimits, MAX_TIME_MS, MAX_TIMER_MS, timerMs } from '../../server/rules/limits';
import { createSandbox } from '../../server/sandbox';
import { safetyNet } from '../../server/sandbox/safety-net';
import { openDatabase } from '../../server/storage/db';
import { getProblemHeader } from '../../server/storage/problems';
import { smallPackage } from './small-package';

/**
 * A package's stated limits are clamped once, before any of its programs runs, and no timer the
 * judge arms from a limit can overflow (Node fires an overflowed timer after 1 ms, every time).
 */
const work = mkdtempSync(join(tmpdir(), 'sg-bounded-limits-'));
const dataDir = join(work, 'data');
mkdirSync(dataDir);
const compiler = createCompiler();
const sandboxP = createSandbox();
const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
afterAll(async () => {
  db.close();
  await compiler.close();
  await (await sandboxP).close();
  rmSync(work, { recursive: true, force: true });
});

describe('limits a package states', () => {
  it('are clamped to the judge\'s bounds, whatever number is written', () => {
    expect(clampLimits({ timeMs: 1e23, memoryMb: 1e30 }).limits).toEqual({ timeMs: MAX_TIME_MS, memoryMb: 1024 });
    expect(clampLimits({ timeMs: Number.POSITIVE_INFINITY, memoryMb: Number.NaN }).limits).toEqual({ timeMs: MAX_TIME_MS, memoryMb: 256 });
    expect(clampLimits({ timeMs: -5, memoryMb: 1 })).toEqual({ limits: { timeMs: 1000, memoryMb: 16 }, changed: ['time', 'memory'] });
    expect(clampLimits({ timeMs: 2000, memoryMb: 512 })).toEqual({ limits: { timeMs: 2000, memoryMb: 512 }, changed: [] });
    expect([timerMs(1e23), timerMs(Number.NaN), timerMs(-1), timerMs(250)]).toEqual([MAX_TIMER_MS, 0, 0, 250]);
  });

  it('a safety net due in 10^23 ms neither spins nor warns', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    let killed = false;
    const cancel = safetyNet(() => process.pid, () => performance.now() + 1e23, () => (killed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    cancel();
    process.off('warning', onWarning);
    expect(killed).toBe(false);
    expect(warnings.filter((w) => w === 'TimeoutOverflowWarning')).toEqual([]);
  });

  it('time_limit 99999999999999999999 and a looping solution: the solution table runs under the clamped limit and the import ends', async () => {
    const files = smallPackage((f) => {
      f.set('problem.yaml', f.get('problem.yaml')!.replace('time_limit: 1', 'time_limit: 99999999999999999999').replace('memory: 256', 'memory: 99999999999'));
      f.set('submissions/time_limit_exceeded/loop.js', 'for (;;) {}\n');
    });
    const zip = zipFiles(files.map((f) => ({ path: `huge-limit/${f.path}`, data: f.data })));
    const started = Date.now();
    const r = await importPackage(db, { zip, fileName: 'huge-limit.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    // The loop is stopped by its CPU time at the judge's ceiling, not held until the server stops.
    expect(Date.now() - started).toBeLessThan(120_000);
    const loop = r.solutions.find((s) => s.name === 'loop.js')!;
    expect(loop.got).toBe('TLE');
    expect(loop.maxTimeMs).toBeLessThan(2 * MAX_TIME_MS);
    expect(r.notes.join('\n')).toMatch(/The time limit 1e\+23 ms is not one this judge gives \(1 to 10000 ms\); 10000 ms is taken\./);
    expect(r.notes.join('\n')).toMatch(/The memory limit 99999999999 MiB is not one this judge gives \(16 to 1024 MiB\); 1024 MiB is taken\./);
    expect(getProblemHeader(db, 'huge-limit')).toMatchObject({ timeLimitMs: MAX_TIME_MS, memoryLimitMb: 1024 });
  }, 180_000);
});
