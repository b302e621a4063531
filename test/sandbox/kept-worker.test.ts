import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * A person's next program may run in the worker their previous one ran in (a worker's start is
 * tens of milliseconds of every submission); another person's program never does, nor a program
 * with no person, and every run is still in a fresh context. Which worker ran a program is read
 * from outside, in /proc: the sandbox's worker thread that spent the run's CPU time.
 */

// Computes ~150 ms of CPU (a fixed count of steps), so its worker is the thread whose CPU time grew most.
const BURN = `
const input = require('fs').readFileSync(0, 'utf8').trim();
let x = 0;
for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) | 0;
const g = globalThis as any;
console.log(g.__left ?? 'clean', input, x === 7 ? '' : 'done');
g.__left = input;
`;

/** This process's descendants (its sandbox processes, not another test file's). */
function descendants(): Set<string> {
  const parent = new Map<string, string>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!);
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set<string>();
  for (const pid of parent.keys()) {
    for (let p: string | undefined = pid, hops = 0; p && p !== '0' && hops < 64; p = parent.get(p), hops++) {
      if (p === String(process.pid)) {
        mine.add(pid);
        break;
      }
    }
  }
  return mine;
}

/** CPU ticks of every thread but the main one of this test's sandbox processes, by thread id. */
function workerTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of descendants()) {
    try {
      // The sandbox process: Node 22 spells the flag --experimental-permission.
      if (!/--(experimental-)?permission/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        // Not the host (main) thread. Node 24 names worker threads "WorkerThread", Node 22 does not;
        // V8's helper threads are counted too, but the program's own thread is the one that grows most.
        if (tid === pid) continue;
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(`${pid}/${tid}`, Number(fields[11]) + Number(fields[12]));
      }
    } catch {
      // a thread that ended while it was read
    }
  }
  return ticks;
}

describe('the worker kept for a person’s next program', () => {
  const judge = useJudge();

  it('runs the same person’s next program, never another person’s, and every run starts clean', async () => {
    const compiled = await judge.compiler.compile(BURN);
    if (!compiled.ok) throw new Error(compiled.diagnostics);
    const limits = { timeMs: 5000, memoryMb: 256, outputBytes: 1 << 20 };
    const ran: { person: string | null; worker: string; alive: string[] }[] = [];
    for (const [i, person] of (['ann', 'ann', 'bob', 'bob', null, 'bob'] as const).entries()) {
      const before = workerTicks();
      await judge.sandbox.load(compiled.js, limits, person);
      const r = await judge.sandbox.run(`run${i}`);
      expect(r.status, show(r)).toBe('ok');
      // Nothing of the previous program's runs is seen, whoever's worker it is.
      expect(r.stdout).toBe(`clean run${i} done\n`);
      const after = workerTicks();
      const grown = [...after].map(([tid, t]) => [tid, t - (before.get(tid) ?? 0)] as const).sort((a, b) => b[1] - a[1]);
      ran.push({ person, worker: grown[0]![0], alive: [...after.keys()] });
      judge.sandbox.release();
    }
    const [ann1, ann2, bob1, bob2, nobody, bob3] = ran as [typeof ran[0], typeof ran[0], typeof ran[0], typeof ran[0], typeof ran[0], typeof ran[0]];
    expect(ann2.worker, 'ann’s second program in her first one’s worker').toBe(ann1.worker);
    expect(bob1.worker).not.toBe(ann2.worker);
    expect(bob1.alive, 'ann’s worker is gone before bob’s program runs').not.toContain(ann2.worker);
    expect(bob2.worker).toBe(bob1.worker);
    expect(nobody.worker, 'a program with no person gets a fresh worker').not.toBe(bob2.worker);
    expect(nobody.alive).not.toContain(bob2.worker);
    expect(bob3.worker, 'and is not kept for anyone').not.toBe(nobody.worker);
  });
});
