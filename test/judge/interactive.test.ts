import { describe, expect, it } from 'vitest';
import { playGame, type GameOutcome } from '../../server/judge/interactor';
import type { Interactor } from '../../server/problems/types';
import type { ProcessSandbox } from '../../server/sandbox/process-sandbox';
import { useJudge } from '../sandbox/harness';

/**
 * Interactive judging through the real sandbox process: a test interactor sends pairs one at a
 * time and waits for each sum before sending the next, so only a program that really talks line
 * by line with a live peer can pass.
 */
const adder = (pause = 0): Interactor => ({
  async interact(input, io) {
    const rounds = Number(input.trim());
    io.send(String(rounds));
    for (let i = 1; i <= rounds; i++) {
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      io.send(`${i} ${2 * i}`);
      const line = await io.read();
      if (line === null) return { verdict: 'WA', message: `round ${i}: expected a sum, got end of output` };
      if (line.trim() !== String(3 * i)) return { verdict: 'WA', message: `round ${i}: expected ${3 * i}, got "${line}"` };
    }
    return { verdict: 'AC', message: `${rounds} sums` };
  },
});

const judge = useJudge();

async function play(source: string, input: string, interactor: Interactor = adder(), limits: { timeMs?: number; memoryMb?: number; outputBytes?: number } = {}): Promise<GameOutcome> {
  await judge.load(source, limits);
  return playGame(judge.sandbox, interactor, input, { timeMs: limits.timeMs ?? 2000 });
}
const show = (g: GameOutcome) => `${g.verdict}: ${g.message}\n${g.dialogue.slice(0, 500)}`;

const READ_SYNC_LINE = `
import fs from 'fs';
const chunk = Buffer.alloc(1 << 16);
let pending = '';
function readLine(): string | null {
  for (;;) {
    const at = pending.indexOf('\\n');
    if (at >= 0) { const line = pending.slice(0, at); pending = pending.slice(at + 1); return line; }
    const n = fs.readSync(0, chunk, 0, chunk.length, null);
    if (n === 0) return null;
    pending += chunk.toString('utf8', 0, n);
  }
}
`;

describe('the program talks with a live interactor', () => {
  it('readline line events', async () => {
    const g = await play(
      `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let rounds = -1, done = 0;
rl.on('line', (line) => {
  if (rounds < 0) { rounds = Number(line); return; }
  const [a, b] = line.split(' ').map(Number);
  console.log(a + b);
  if (++done === rounds) rl.close();
});`,
      '50\n',
    );
    expect(g.verdict, show(g)).toBe('AC');
    expect(g.message).toBe('50 sums');
    expect(g.dialogue.split('\n').slice(0, 4)).toEqual(['< 50', '< 1 2', '> 3', '< 2 4']);
    expect(g.dialogue.trim().split('\n')).toHaveLength(101);
  });

  it('for await over readline', async () => {
    const g = await play(
      `import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
let rounds = -1;
for await (const line of rl) {
  if (rounds < 0) { rounds = Number(line); continue; }
  const [a, b] = line.split(' ').map(Number);
  console.log(a + b);
  if (--rounds === 0) break;
}`,
      '30\n',
    );
    expect(g.verdict, show(g)).toBe('AC');
  });

  it('process.stdin data events, output in pieces with process.stdout.write', async () => {
    const g = await play(
      `process.stdin.setEncoding('utf8');
let buffered = '', rounds = -1;
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  let at: number;
  while ((at = buffered.indexOf('\\n')) >= 0) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    if (rounds < 0) { rounds = Number(line); continue; }
    const [a, b] = line.split(' ').map(Number);
    process.stdout.write(String(a + b));
    process.stdout.write('\\n');
    if (--rounds === 0) process.stdin.pause();
  }
});`,
      '30\n',
    );
    expect(g.verdict, show(g)).toBe('AC');
  });

  it('fs.readSync(0) blocks until the next line arrives', async () => {
    const g = await play(
      `${READ_SYNC_LINE}
const rounds = Number(readLine());
for (let i = 0; i < rounds; i++) {
  const [a, b] = readLine()!.split(' ').map(Number);
  console.log(a + b);
}`,
      '200\n',
    );
    expect(g.verdict, show(g)).toBe('AC');
  });

  it('fs.readFileSync(0) waits for an end of input that never comes: idle, and the message says why', async () => {
    const g = await play(`import fs from 'fs';\nconst all = fs.readFileSync(0, 'utf8');\nconsole.log(all.length);`, '3\n', adder(), { timeMs: 500 });
    expect(g.verdict, show(g)).toBe('TLE');
    expect(g.message).toMatch(/idle/i);
    expect(g.message).toMatch(/fs\.readFileSync\(0\)/);
    expect(g.dialogue).toBe('< 3\n< 1 2\n');
  });

  it("counts the program's CPU time only, not the time the interactor takes", async () => {
    const g = await play(`${READ_SYNC_LINE}\nconst rounds = Number(readLine());\nfor (let i = 0; i < rounds; i++) { const [a, b] = readLine()!.split(' ').map(Number); console.log(a + b); }`, '3\n', adder(200), { timeMs: 500 });
    expect(g.verdict, show(g)).toBe('AC');
    expect(g.run.timeMs).toBeLessThan(500);
  });

  it('a program that ends early gets the interactor verdict, with the dialogue so far', async () => {
    const g = await play(`${READ_SYNC_LINE}\nreadLine();\nconst [a, b] = readLine()!.split(' ').map(Number);\nconsole.log(a + b);`, '3\n');
    expect(g.verdict).toBe('WA');
    expect(g.message).toBe('round 2: expected a sum, got end of output');
    expect(g.dialogue).toBe('< 3\n< 1 2\n> 3\n< 2 4\n');
  });

  it('thousands of quick round trips, game after game in one worker, lose no line', async () => {
    await judge.load(`const rl = require('readline').createInterface({ input: process.stdin });\nlet rounds = -1;\nrl.on('line', (line) => { if (rounds < 0) { rounds = Number(line); return; } const [a, b] = line.split(' ').map(Number); console.log(a + b); if (--rounds === 0) rl.close(); });`);
    for (let game = 0; game < 3; game++) {
      const g = await playGame(judge.sandbox, adder(), '2000\n', { timeMs: 2000 });
      expect(g.verdict, show(g)).toBe('AC');
    }
  });

  it("the program's timers fire while it waits for input", async () => {
    // The program is blocked reading stdin (readline is open) when its timer is due: the timer
    // must still fire, or the interactor, which waits for the tick, waits forever.
    const ticker: Interactor = {
      async interact(_input, io) {
        const tick = await io.read();
        if (tick !== 'tick') return { verdict: 'WA', message: `expected tick, got ${tick}` };
        io.send('hi');
        const echo = await io.read();
        return echo === 'echo hi' ? { verdict: 'AC', message: 'ok' } : { verdict: 'WA', message: `expected echo hi, got ${echo}` };
      },
    };
    const g = await play(
      `const rl = require('readline').createInterface({ input: process.stdin });
rl.on('line', (line) => { console.log('echo ' + line); rl.close(); });
setTimeout(() => console.log('tick'), 50);`,
      '',
      ticker,
    );
    expect(g.verdict, show(g)).toBe('AC');
    expect(g.dialogue).toBe('> tick\n< hi\n> echo hi\n');
  });

  it('a program that polls with setImmediate while a data listener waits gets its input', async () => {
    const g = await play(
      `let got = '';
process.stdin.setEncoding('utf8').on('data', (d) => (got += d));
let spins = 0;
function poll() { spins++; if (got.includes('\\n')) { console.log('got ' + got.trim() + (spins > 1 ? ' after polling' : '')); process.exit(0); } else setImmediate(poll); }
poll();`,
      '',
      {
        async interact(_input, io) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          io.send('ping');
          const line = await io.read();
          return line === 'got ping after polling' ? { verdict: 'AC', message: 'ok' } : { verdict: 'WA', message: String(line) };
        },
      },
    );
    expect(g.verdict, show(g)).toBe('AC');
  });

  it('lines a finished game left unread never reach the next game', async () => {
    await judge.load(`${READ_SYNC_LINE}\nconsole.log('read ' + readLine());`);
    const flood: Interactor = {
      async interact(_input, io) {
        io.send('first');
        for (let i = 0; i < 500; i++) io.send(`stale ${i}`);
        const line = await io.read();
        return line === 'read first' ? { verdict: 'AC', message: 'ok' } : { verdict: 'WA', message: String(line) };
      },
    };
    const fresh: Interactor = {
      async interact(_input, io) {
        io.send('fresh');
        const line = await io.read();
        return line === 'read fresh' ? { verdict: 'AC', message: 'ok' } : { verdict: 'WA', message: String(line) };
      },
    };
    for (let game = 0; game < 3; game++) {
      const a = await playGame(judge.sandbox, flood, '', { timeMs: 2000 });
      expect(a.verdict, show(a)).toBe('AC');
      const b = await playGame(judge.sandbox, fresh, '', { timeMs: 2000 });
      expect(b.verdict, show(b)).toBe('AC');
    }
  });

  it('a run after an interactive one is an ordinary, fresh run', async () => {
    const r = await judge.run(`const s = require('fs').readFileSync(0, 'utf8'); console.log(s.trim().split(' ').map(Number).reduce((a: number, b: number) => a + b, 0), typeof (globalThis as any).leak);\n(globalThis as any).leak = 1;`, '1 2 3\n');
    expect(r.status).toBe('ok');
    expect(r.stdout).toBe('6 undefined\n');
  });
});

describe('verdicts of an interactive test', () => {
  it("the program's runtime error wins over the interactor's wrong answer", async () => {
    const g = await play(`${READ_SYNC_LINE}\nreadLine(); readLine();\nconsole.log(4);\nthrow new Error('boom');`, '3\n');
    expect(g.interactor?.verdict).toBe('WA');
    expect(g.verdict, show(g)).toBe('RE');
    expect(g.message).toMatch(/boom/);
  });

  it("the program's time limit wins over the interactor's accepted", async () => {
    const g = await play(`${READ_SYNC_LINE}\nconst n = Number(readLine());\nfor (let i = 0; i < n; i++) { const [a, b] = readLine()!.split(' ').map(Number); console.log(a + b); }\nfor (;;) {}`, '2\n', adder(), { timeMs: 300 });
    expect(g.interactor?.verdict).toBe('AC');
    expect(g.verdict, show(g)).toBe('TLE');
  });

  it("the program's memory limit wins", async () => {
    const g = await play(`${READ_SYNC_LINE}\nreadLine(); readLine();\nconst keep: number[][] = [];\nfor (;;) keep.push(new Array(1e6).fill(1));`, '1\n', adder(), { memoryMb: 64 });
    expect(g.verdict, show(g)).toBe('MLE');
  });

  it("the program's output limit wins", async () => {
    const g = await play(`console.log('x'.repeat(5000));`, '1\n', adder(), { outputBytes: 1000 });
    expect(g.verdict, show(g)).toBe('OLE');
  });

  it('a program waiting for input while the interactor waits for it is stopped as idle', async () => {
    const g = await play(`${READ_SYNC_LINE}\nreadLine(); readLine(); readLine();`, '3\n', adder(), { timeMs: 400 });
    expect(g.verdict, show(g)).toBe('TLE');
    expect(g.message).toMatch(/idle/i);
    expect(g.message).toMatch(/interactor/);
  });

  it('an idle program is stopped without losing the sandbox process, and the next game plays normally', async () => {
    const sandbox = judge.sandbox as ProcessSandbox;
    await play(`${READ_SYNC_LINE}\nconst n = Number(readLine());\nfor (let i = 0; i < n; i++) { const [a, b] = readLine()!.split(' ').map(Number); console.log(a + b); }`, '1\n');
    const pid = sandbox.nodePid();
    for (const reader of [`${READ_SYNC_LINE}\nreadLine(); readLine(); readLine();`, `process.stdin.on('data', () => {});`]) {
      const g = await play(reader, '1\n', adder(), { timeMs: 300 });
      expect(g.verdict, show(g)).toBe('TLE');
      expect(g.message).toMatch(/idle/i);
      expect(sandbox.nodePid()).toBe(pid);
    }
    const next = await play(`${READ_SYNC_LINE}\nconst n = Number(readLine());\nfor (let i = 0; i < n; i++) { const [a, b] = readLine()!.split(' ').map(Number); console.log(a + b); }`, '5\n');
    expect(next.verdict, show(next)).toBe('AC');
    expect(sandbox.nodePid()).toBe(pid);
  });

  it('a program that sleeps is stopped as idle', async () => {
    const g = await play(`setTimeout(() => console.log(3), 1e9);`, '1\n', adder(), { timeMs: 300 });
    expect(g.verdict, show(g)).toBe('TLE');
    expect(g.message).toMatch(/idle/i);
  });

  it('an interactor that throws is the judge’s failure: IE, whatever the program did', async () => {
    const broken: Interactor = {
      async interact(_input, io) {
        io.send('1');
        await io.read();
        throw new Error('interactor bug');
      },
    };
    const g = await play(`${READ_SYNC_LINE}\nreadLine(); console.log('hi');`, '1\n', broken);
    expect(g.verdict, show(g)).toBe('IE');
    expect(g.message).toMatch(/judge error: the interactor failed: Error: interactor bug/);
  });

  it('an interactor that computes past its budget is IE, and its time is not the program’s', async () => {
    const slow: Interactor = {
      async interact(_input, io) {
        io.send('1');
        await io.read();
        // Thinking far too long: 400 ms of this thread's CPU time, which the budget counts.
        const cpu = () => { const u = process.threadCpuUsage(); return u.user + u.system; };
        const from = cpu();
        while (cpu() - from < 400_000) {
          // computing
        }
        io.send('2');
        await io.read();
        return { verdict: 'AC', message: 'done' };
      },
    };
    await judge.load(`${READ_SYNC_LINE}\nconsole.log(readLine()); console.log(readLine());`);
    const g = await playGame(judge.sandbox, slow, '', { timeMs: 2000 }, 200);
    expect(g.verdict, show(g)).toBe('IE');
    expect(g.message).toMatch(/judge error: the interactor failed: .*computed for more than 200 ms/);
    expect(g.run.timeMs).toBeLessThan(400);
  });

  it('an interactor that returns no verdict is IE', async () => {
    const broken = { interact: async () => ({ verdict: 'OK', message: '' }) } as unknown as Interactor;
    const g = await play(`console.log(1);`, '1\n', broken);
    expect(g.verdict, show(g)).toBe('IE');
  });
});
