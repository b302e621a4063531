import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { playGame, type GameOutcome } from '../../server/judge/interactor';
import type { Interactor } from '../../server/problems/types';
import { useJudge } from './harness';

/**
 * Interactive verdicts must not depend on the machine's load either (see load-verdicts.test.ts).
 * A correct player that talks line by line and computes about half its CPU limit, against an
 * interactor that computes as much, is AC on a quiet machine and beside CPU-bound processes in
 * sessions of their own, though its round trips to the interactor (in the judge's process, starved
 * by the same load) take many times longer: the time it waits for the interactor's answers is not
 * its own. A player that sleeps still gets TLE. Small limits keep the file short however loaded
 * the machine is.
 */
// 400 ms: the player burns half of it, and the other half is room for what 50 round trips cost
// the sandbox process beyond the program's own work on a machine this loaded (up to ~2 ms a round
// beside 6 busy sessions and a CI job; with 200 ms the correct player once reached its limit).
const LIMIT_MS = 400;
const ROUNDS = 50;
/** The interactor's CPU time per round, µs: over the game, half the player's CPU limit. */
const INTERACTOR_US = (LIMIT_MS * 500) / ROUNDS;
/** This thread's CPU time, µs (the interactor runs in the judge's thread, beside others of the test process). */
const threadCpu = (): number => (process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.().user ?? process.cpuUsage().user;

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

/** Sends pairs one at a time and waits for each sum before sending the next. */
const adder: Interactor = {
  async interact(input, io) {
    const rounds = Number(input.trim());
    io.send(String(rounds));
    for (let i = 1; i <= rounds; i++) {
      // The interactor computes too (as a game's judge finds its reply): its time is not the player's.
      const from = threadCpu();
      while (threadCpu() - from < INTERACTOR_US) {}
      io.send(`${i} ${2 * i}`);
      const line = await io.read();
      if (line === null) return { verdict: 'WA', message: `round ${i}: expected a sum, got end of output` };
      if (line.trim() !== String(3 * i)) return { verdict: 'WA', message: `round ${i}: expected ${3 * i}, got "${line}"` };
    }
    return { verdict: 'AC', message: `${rounds} sums` };
  },
};

// About 1 ms of CPU per round: half the limit over the game.
const PLAYER = `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let rounds = -1, done = 0;
const perRound = ${Math.round((LIMIT_MS * 0.5 * 1000) / ROUNDS)};
rl.on('line', (line) => {
  if (rounds < 0) { rounds = Number(line); return; }
  const from = process.cpuUsage().user;
  let s = 0;
  while (process.cpuUsage().user - from < perRound) s++;
  const [a, b] = line.split(' ').map(Number);
  console.log(s >= 0 ? a + b : -1);
  if (++done === rounds) rl.close();
});`;

const SLEEPER = `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', () => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); console.log(0); });`;

describe('interactive verdicts under load', () => {
  const judge = useJudge();
  const show = (g: GameOutcome) => `${g.verdict}: ${g.message} (program ${g.run.status}, ${Math.round(g.run.timeMs)} ms CPU, ${Math.round(g.run.wallMs)} ms wall)`;
  const play = async (source: string) => {
    await judge.load(source, { timeMs: LIMIT_MS });
    return playGame(judge.sandbox, adder, `${ROUNDS}\n`, { timeMs: LIMIT_MS });
  };

  it('a correct player using half its CPU limit over 50 round trips is AC, on a quiet machine and beside 6 CPU-bound sessions', { timeout: 120_000 }, async () => {
    const warm = await play(PLAYER);
    expect(warm.verdict, show(warm)).toBe('AC'); // before the load starts (IE before the fix, even so)
    startBusy(6);
    const loaded = await play(PLAYER);
    expect(loaded.verdict, show(loaded)).toBe('AC');
  });

  it('beside 6 CPU-bound sessions, a player that sleeps still gets TLE', { timeout: 60_000 }, async () => {
    startBusy(6);
    const g = await play(SLEEPER);
    expect(g.verdict, show(g)).toBe('TLE');
  });
});
