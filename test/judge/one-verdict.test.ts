import { describe, expect, it } from 'vitest';
import { playGame, type GameOutcome } from '../../server/judge/interactor';
import { loadInteractor } from '../../server/problems/interactive';
import type { ProcessSandbox } from '../../server/sandbox/process-sandbox';
import { useJudge } from '../sandbox/harness';

/**
 * One program, one verdict: the same interactive program judged again and again against the real
 * subtraction-game interactor gets the same verdict, with a message, every time, however busy the
 * machine is (it used to get RE with no time and no reason now and then on a loaded machine: the
 * sandbox took a worker slow to stop for a stuck one and dropped the run's result).
 */
const judge = useJudge();
const TIMES = 8;
/** Small, so that idle games end soon (idleness is 2 × the limit + 300 ms of wall time). */
const LIMITS = { timeMs: 400 };
/** 6 1 2: the first player wins; "2 1" takes card 2 and leaves 1 | 3..6. */
const INPUT = '6 1 2\n';

async function judgeTimes(source: string, times = TIMES, memoryMb = 256): Promise<GameOutcome[]> {
  await judge.load(source, { ...LIMITS, memoryMb });
  return replay(times);
}

/** Plays the loaded program `times` times. */
async function replay(times: number): Promise<GameOutcome[]> {
  const interactor = await loadInteractor('subtraction-game');
  const games: GameOutcome[] = [];
  for (let i = 0; i < times; i++) games.push(await playGame(judge.sandbox, interactor, INPUT, LIMITS));
  return games;
}

const show = (games: GameOutcome[]) => games.map((g, i) => `${i}: ${g.verdict} ${Math.round(g.run.timeMs)} ms: ${g.message}`).join('\n');

/** Every game got `verdict`, each with a message matching `why`. */
function expectOneVerdict(games: GameOutcome[], verdict: string, why: RegExp): void {
  expect(new Set(games.map((g) => g.verdict)), show(games)).toEqual(new Set([verdict]));
  for (const g of games) expect(g.message ?? '', show(games)).toMatch(why);
}

describe('an interactive program gets one verdict, with its reason, every time', () => {
  it('a move written with process.stdout.write and no newline, then a wait for the reply: idle TLE', async () => {
    const games = await judgeTimes(`import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let first = true;
rl.on('line', () => {
  if (!first) return;
  first = false;
  console.log('First');
  process.stdout.write('2 1');
});`);
    expectOneVerdict(games, 'TLE', /Idleness limit exceeded: the program was waiting for input while the interactor waited for the program's output/);
    // The line the program never finished still shows in the dialogue.
    for (const g of games) expect(g.dialogue).toContain('> 2 1');
  });

  /** Plays "First" and one move, then ends with `end` when the judge answers. */
  const endsMidGame = (end: string) => `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let lines = 0;
rl.on('line', () => {
  if (lines++ === 0) {
    console.log('First');
    console.log('2 1');
  } else ${end};
});`;

  it('a program that exits mid-game: WA, the interactor saw its output end', async () => {
    expectOneVerdict(await judgeTimes(endsMidGame('process.exit(0)')), 'WA', /expected your move, got end of output/);
  });

  it('a program that exits mid-game with a non-zero code: RE, saying so', async () => {
    expectOneVerdict(await judgeTimes(endsMidGame("throw ''")), 'RE', /exit code 1/);
  });

  it('a program that closes its stdout early and waits: idle TLE', async () => {
    const games = await judgeTimes(`import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let lines = 0;
rl.on('line', () => {
  if (lines++ > 0) return;
  console.log('First');
  console.log('2 1');
  process.stdout.end();
});`);
    expectOneVerdict(games, 'TLE', /Idleness limit exceeded/);
  });

  it('a worker that will not stop (a native sort past the limit) keeps its TLE, and the next game plays in a new process', async () => {
    const sandbox = judge.sandbox as ProcessSandbox;
    // Seconds of sorting in one native call, which a terminated worker cannot leave: its sandbox
    // process is replaced, after the run's result is in.
    await judge.load(
      `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', () => {
  console.log('First');
  const a = new Float64Array(24e6);
  for (let i = 0, x = 1; i < a.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; a[i] = x; }
  a.sort();
  console.log(a[0]);
});`,
      { ...LIMITS, memoryMb: 512 },
    );
    const pid = sandbox.nodePid();
    expect(pid).not.toBeNull();
    const games = await replay(2);
    expectOneVerdict(games, 'TLE', /Time limit exceeded/);
    const next = await judgeTimes(`import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', () => { console.log('Second'); rl.close(); });`, 1);
    expectOneVerdict(next, 'WA', /expected your move, got end of output/);
    expect(sandbox.nodePid()).not.toBe(pid);
  });
});
