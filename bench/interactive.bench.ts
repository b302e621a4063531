/**
 * Interactive judging, side by side with two plain Node processes talking over pipes, in one run:
 *
 *  - one round trip (the program writes a line, the interactor answers with the next), median over
 *    2000 round trips of a ping-pong game, judge vs. a `node` child on stdin/stdout pipes driven
 *    line by line by this process;
 *  - the 2,000-move subtraction game (N = 2000, L = R = 1) played by the fast player against the
 *    real interactor through playGame(): wall time minus the program's own CPU time must stay under
 *    100 ms (median of 5 games).
 *
 *   npx tsx bench/interactive.bench.ts        (or npm run bench -- interactive)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createCompiler } from '../server/compile';
import { playGame } from '../server/judge/interactor';
import { loadInteractor, playerSource } from '../server/problems/interactive';
import type { Interactor } from '../server/problems/types';
import { createSandbox } from '../server/sandbox';
import { DEFAULT_OUTPUT_LIMIT } from '../server/sandbox/types';

const ROUNDS = 2000;
const GAMES = 5;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Echoes every line back, as soon as it arrives. */
const ECHO = `const rl = require('readline').createInterface({ input: process.stdin });\nrl.on('line', (line) => console.log(line));\n`;

/** Sends 1..ROUNDS one at a time, each after the previous came back. */
const pingPong: Interactor = {
  async interact(_input, io) {
    for (let i = 1; i <= ROUNDS; i++) {
      io.send(String(i));
      if ((await io.read()) !== String(i)) return { verdict: 'WA', message: `round ${i}` };
    }
    return { verdict: 'AC', message: `${ROUNDS} round trips` };
  },
};

/** The same ping-pong with a fresh `node` child on pipes: the baseline. */
function pipesRoundTrip(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffered = '';
    let i = 0;
    let t0 = 0;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buffered += d;
      let at: number;
      while ((at = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        if (line !== String(i)) return reject(new Error(`echo returned ${line} for ${i}`));
        if (i === 1) t0 = performance.now(); // the first answer also pays for start-up
        if (i === ROUNDS) {
          const perTrip = (performance.now() - t0) / (ROUNDS - 1);
          child.stdin.end();
          return resolve(perTrip);
        }
        child.stdin.write(`${++i}\n`);
      }
    });
    child.on('error', reject);
    child.stdin.write(`${++i}\n`);
  });
}

const compiler = createCompiler();
const sandbox = await createSandbox();
const dir = mkdtempSync(path.join(tmpdir(), 'sg-interactive-bench-'));
let ok = true;
try {
  const echoFile = path.join(dir, 'echo.js');
  writeFileSync(echoFile, ECHO);
  const echo = await compiler.compile(ECHO);
  if (!echo.ok) throw new Error(echo.diagnostics);
  await sandbox.load(echo.js, { timeMs: 5000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const warm = await playGame(sandbox, pingPong, '', { timeMs: 5000 });
  if (warm.verdict !== 'AC') throw new Error(`ping-pong warm-up: ${warm.verdict} ${warm.message}`);

  const judgeTrips: number[] = [];
  const pipeTrips: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const g = await playGame(sandbox, pingPong, '', { timeMs: 5000 });
    if (g.verdict !== 'AC') throw new Error(`ping-pong: ${g.verdict} ${g.message}`);
    judgeTrips.push((performance.now() - t0) / ROUNDS);
    pipeTrips.push(await pipesRoundTrip(echoFile));
  }

  const player = await compiler.compile(playerSource('subtraction-game'));
  if (!player.ok) throw new Error(player.diagnostics);
  await sandbox.load(player.js, { timeMs: 2000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const interactor = await loadInteractor('subtraction-game');
  await playGame(sandbox, interactor, '2000 1 1\n', { timeMs: 2000 }); // warm-up
  const overheads: number[] = [];
  const cpu: number[] = [];
  let moves = 0;
  for (let k = 0; k < GAMES; k++) {
    const t0 = performance.now();
    const g = await playGame(sandbox, interactor, '2000 1 1\n', { timeMs: 2000 });
    const wall = performance.now() - t0;
    if (g.verdict !== 'AC') throw new Error(`2000 1 1: ${g.verdict} ${g.message}`);
    moves = g.dialogue.trim().split('\n').length - 2;
    overheads.push(wall - g.run.timeMs);
    cpu.push(g.run.timeMs);
  }

  const judgeTrip = median(judgeTrips);
  const pipeTrip = median(pipeTrips);
  const overhead = median(overheads);
  ok = overhead < 100;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`| figure | judge | baseline in the same run | target |`);
  console.log(`| --- | --- | --- | --- |`);
  console.log(`| one round trip (line out, line back), median of 3 × ${ROUNDS} | ${us(judgeTrip)} | ${us(pipeTrip)} for two node processes on pipes (${(judgeTrip / pipeTrip).toFixed(1)}×) | |`);
  console.log(`| ${moves}-move game (2000 1 1): wall − program CPU, median of ${GAMES} | ${overhead.toFixed(0)} ms (program CPU ${median(cpu).toFixed(0)} ms) | | < 100 ms — ${ok ? 'met' : '**not met**'} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([compiler.close(), sandbox.close()]);
}
process.exit(ok ? 0 : 1);
