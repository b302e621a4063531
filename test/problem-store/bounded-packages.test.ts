import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store';
import { IMPORT_BOUNDS } from '../../server/problem-store/import-budget';
import { clampLimits, MAX_TIME_MS, MAX_TIMER_MS, timerMs } from '../../server/rules/limits';
import { safetyNet } from '../../server/sandbox/safety-net';
import { getProblemHeader } from '../../server/storage/problems';
import { importWorkspace } from './import-workspace';
import { smallPackage } from './small-package';

/**
 * A package's stated limits are clamped once, before any of its programs runs, and no timer the
 * judge arms from a limit can overflow (Node fires an overflowed timer after 1 ms, every time).
 */
const { dataDir, compiler, sandboxP, db } = importWorkspace('sg-bounded-packages-');

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
    // The import ends (within the test's timeout, however busy the machine): the loop is stopped
    // by its CPU time at the judge's ceiling, not held until the server stops. Its CPU time is the
    // figure asserted, not the wall clock, which grows with the machine's load.
    const r = await importPackage(db, { zip, fileName: 'huge-limit.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    const loop = r.solutions.find((s) => s.name === 'loop.js')!;
    expect(loop.got).toBe('TLE');
    expect(loop.maxTimeMs).toBeLessThan(2 * MAX_TIME_MS);
    expect(r.notes.join('\n')).toMatch(/The time limit 1e\+23 ms is not one this judge gives \(1 to 10000 ms\); 10000 ms is taken\./);
    expect(r.notes.join('\n')).toMatch(/The memory limit 99999999999 MiB is not one this judge gives \(16 to 1024 MiB\); 1024 MiB is taken\./);
    expect(getProblemHeader(db, 'huge-limit')).toMatchObject({ timeLimitMs: MAX_TIME_MS, memoryLimitMb: 1024 });
  }, 300_000);
});

/** The small package with `n` solutions that each print a wrong sum (WA on the first test) or loop. */
function manySolutions(slug: string, n: number, body: string, folder = 'wrong_answer', limit = '1'): Buffer {
  const files = smallPackage((f) => {
    f.set('problem.yaml', f.get('problem.yaml')!.replace('time_limit: 1', `time_limit: ${limit}`));
    for (let i = 1; i <= n; i++) f.set(`submissions/${folder}/s${String(i).padStart(3, '0')}.js`, body);
  });
  return zipFiles(files.map((f) => ({ path: `${slug}/${f.path}`, data: f.data })));
}

describe('an import\'s budget', () => {
  it('runs at most its cap of solutions and says so', async () => {
    // The cap is IMPORT_BOUNDS.solutions (40); 5 here, so the test runs 5 and not 40.
    const bounds = { ...IMPORT_BOUNDS, solutions: 5 };
    const r = await importPackage(db, { zip: manySolutions('many-solutions', 8, 'console.log(0);\n'), fileName: 'x.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP, bounds });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    // The accepted sum.ts first (accepted/ runs first), then wrong ones until the cap.
    const run = r.solutions.filter((s) => s.got !== null);
    expect(run.map((s) => s.got)).toEqual(['AC', 'WA', 'WA', 'WA', 'WA']);
    expect(run[0]!.name).toBe('sum.ts');
    const notRun = r.solutions.filter((s) => s.got === null);
    expect(notRun).toHaveLength(8 + 2 - 5);
    for (const s of notRun) expect(s.note).toBe('not run: an import runs at most 5 solutions');
    expect(r.notes).toContain("An import runs at most 5 of a package's solutions: 5 solution(s) were not run (or not to the end) and are listed as not run; their verdicts are not known.");
  }, 120_000);

  it('looping solutions stop once the CPU budget is spent, the rest listed as not run', async () => {
    // 200 looping solutions once held a judge thread for 220 s; here a 0.2 s limit and a 1 s budget.
    const zip = manySolutions('many-loops', 20, 'for (;;) {}\n', 'time_limit_exceeded', '0.2');
    const started = Date.now();
    const r = await importPackage(db, { zip, fileName: 'x.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP, bounds: { ...IMPORT_BOUNDS, cpuMs: 1000 } });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    // The format's order: the wrong answer (product.ts) runs before the slow folder spends the
    // budget, so every row the budget left unrun is a looping one (the sentence below counts them).
    expect(r.solutions.filter((s) => s.folder === 'wrong_answer').map((s) => s.got)).toEqual(['WA']);
    const looped = r.solutions.filter((s) => s.got === 'TLE');
    // Each TLE spends at least its 200 ms: the budget is spent after the fifth (or sooner on a slow clock).
    expect(looped.length).toBeGreaterThanOrEqual(1);
    expect(looped.length).toBeLessThanOrEqual(5);
    const notRun = r.solutions.filter((s) => s.folder === 'time_limit_exceeded' && s.got === null);
    expect(notRun).toHaveLength(20 - looped.length);
    expect(notRun[0]!.note).toBe("not run: the import's budget of 1 s of CPU time was spent");
    expect(r.notes).toContain(`The import's budget of 1 s of CPU time running the package's programs was spent: ${notRun.length} solution(s) were not run (or not to the end) and are listed as not run; their verdicts are not known.`);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});

describe('what is kept of a package', () => {
  it('120 files under sg-judge/ are refused before anything runs', async () => {
    // The red team's were 1 MiB each (a 143 KB zip); 64 KiB each here passes both bounds as well, faster.
    const files = smallPackage();
    const mib = Buffer.alloc(64 * 1024, 0x61);
    const zip = zipFiles([...files.map((f) => ({ path: `big-extra/${f.path}`, data: f.data })), ...Array.from({ length: 120 }, (_, i) => ({ path: `big-extra/sg-judge/notes-${i}.txt`, data: mib }))]);
    const r = await importPackage(db, { zip, fileName: 'big-extra.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reasons).toEqual(['sg-judge/ holds 120 files of 7864320 bytes; at most 100 files and 1048576 bytes (1 MiB) are kept with a problem.']);
    expect(r.solutions).toEqual([]);
    expect(getProblemHeader(db, 'big-extra')).toBeUndefined();
  }, 60_000);
});
