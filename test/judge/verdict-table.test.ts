import { describe, expect, it } from 'vitest';
import { verdictClass } from '../../server/http/present';
import { grade } from '../../server/judge/grader';
import { playGame } from '../../server/judge/interactor';
import { decideTestVerdict } from '../../server/judge/test-verdict';
import type { Interactor } from '../../server/problems/types';
import { statusVerdict, VERDICT_TABLE, VERDICTS, verdictName, worstOf, worstStatus, type Verdict } from '../../server/rules/verdicts';
import { sandboxSources } from '../../server/sandbox/build';
import type { RunLimits, RunResult } from '../../server/sandbox/types';
import { show, useJudge } from '../sandbox/harness';

/**
 * The verdict table, row by row: each verdict provoked through the real compiler and sandbox, and
 * each documented winner of simultaneous causes provoked where a program can make both happen
 * reliably, or checked on the shared function where it cannot (which cause a watchdog notices first
 * depends on timing; the rule for a reading where both hold does not).
 */
const judge = useJudge();

async function verdictOf(source: string, expected: string, limits: Partial<RunLimits> = {}, input = ''): Promise<{ verdict: Verdict; run: RunResult }> {
  const run = await judge.run(source, input, limits);
  return { verdict: decideTestVerdict(run, expected).verdict, run };
}

/** An interactor that reads the program's first line and judges it; `fail` makes it throw instead. */
const firstLine = (fail = false): Interactor => ({
  async interact(_input, io) {
    io.send('go');
    const line = await io.read();
    if (fail) throw new Error('the test interactor broke');
    return line === '42' ? { verdict: 'AC', message: 'right' } : { verdict: 'WA', message: `expected 42, got ${JSON.stringify(line)}` };
  },
});

async function game(source: string, interactor: Interactor, timeMs = 500) {
  await judge.load(source, { timeMs });
  return playGame(judge.sandbox, interactor, '', { timeMs });
}

describe('the verdict table', () => {
  it('keeps the contract: codes in display order, their English names, one rank each', () => {
    expect(VERDICT_TABLE.map((r) => r.code)).toEqual([...VERDICTS]);
    expect(VERDICT_TABLE.map((r) => r.order)).toEqual(VERDICTS.map((_, i) => i));
    expect(VERDICTS.map(verdictName)).toEqual(['Accepted', 'Wrong answer', 'Time limit exceeded', 'Memory limit exceeded', 'Runtime error', 'Compilation error', 'Output limit exceeded', 'Judgement failed']);
    expect(new Set(VERDICT_TABLE.map((r) => r.rank)).size).toBe(VERDICTS.length);
    const byRank = [...VERDICT_TABLE].sort((a, b) => b.rank - a.rank).map((r) => r.code);
    expect(byRank).toEqual(['IE', 'MLE', 'TLE', 'OLE', 'RE', 'CE', 'WA', 'AC']);
  });

  it('gives the colour the pages use', () => {
    for (const r of VERDICT_TABLE) expect(verdictClass(r.code), r.code).toBe(r.css);
  });

  it('is inlined into both sandbox threads, which decide with it', () => {
    const { host, worker } = sandboxSources();
    for (const source of [host, worker]) {
      expect(source).toContain('function worstStatus(');
      expect(source).toContain('Memory limit exceeded');
    }
  });
});

describe('each verdict, provoked', () => {
  it('AC: a correct answer', async () => {
    const { verdict, run } = await verdictOf('console.log(6 * 7);', '42\n');
    expect(verdict, show(run)).toBe('AC');
  });

  it('WA: a clean run with a wrong answer', async () => {
    const { verdict, run } = await verdictOf('console.log(41);', '42\n');
    expect(verdict, show(run)).toBe('WA');
  });

  it('TLE: CPU time over the limit', async () => {
    const { verdict, run } = await verdictOf('let x = 0; while (true) x++;', '42\n', { timeMs: 200 });
    expect(verdict, show(run)).toBe('TLE');
  });

  it('MLE: resident memory over the limit', async () => {
    const { verdict, run } = await verdictOf('const keep: Float64Array[] = []; for (let i = 0; i < 1000; i++) keep.push(new Float64Array(1 << 20).fill(i));', '42\n', { memoryMb: 64 });
    expect(verdict, show(run)).toBe('MLE');
  });

  it('RE: an uncaught error', async () => {
    const { verdict, run } = await verdictOf('throw new Error("boom");', '42\n');
    expect(verdict, show(run)).toBe('RE');
  });

  it('CE: the compiler refuses the source, and no test runs', async () => {
    const out = await grade({ source: 'const x: number = "a";', tests: [{ index: 1, input: '', expected: '42\n' }], limits: { timeMs: 1000, memoryMb: 256 } }, { compiler: judge.compiler, sandbox: judge.sandbox });
    expect(out.verdict).toBe('CE');
    expect(out.tests).toEqual([]);
  });

  it('OLE: output past the cap', async () => {
    const { verdict, run } = await verdictOf('const line = "x".repeat(1 << 20) + "\\n"; for (let i = 0; i < 100; i++) process.stdout.write(line);', '42\n');
    expect(verdict, show(run)).toBe('OLE');
  });

  it('IE: the judge fails (here its interactor throws), never for what the program did', async () => {
    const g = await game('console.log(42);', firstLine(true));
    expect(g.verdict, g.message ?? '').toBe('IE');
  });
});

describe('simultaneous causes: the documented winner', () => {
  it('IE outranks every cause the program can give', () => {
    for (const v of VERDICTS) expect(worstOf(v, 'IE')).toBe('IE');
    expect(worstStatus('ie', 'mle', 'tle', 'ole', 're')).toBe('ie');
  });

  it('MLE outranks TLE (the same watchdog reading, or the run\'s end, over both)', () => {
    expect(worstOf('TLE', 'MLE')).toBe('MLE');
    expect(worstStatus('tle', 'mle')).toBe('mle');
  });

  it('a program that passes its memory limit on the way to passing its time limit: MLE', async () => {
    const { verdict, run } = await verdictOf('const keep: Uint8Array[] = []; for (let i = 0; i < 40; i++) keep.push(new Uint8Array(8 << 20).fill(1)); for (;;) keep[0]![0]++;', '42\n', { timeMs: 1000, memoryMb: 64 });
    expect(verdict, show(run)).toBe('MLE');
  });

  it('TLE outranks OLE (an output flood that also times out)', () => {
    expect(worstOf('OLE', 'TLE')).toBe('TLE');
    expect(worstStatus('ole', 'tle')).toBe('tle');
  });

  it('a program over its time limit that then floods its output: TLE, whichever is noticed first', async () => {
    const source = 'const start = process.cpuUsage().user; while (process.cpuUsage().user - start < 20_000); process.stdout.write("x".repeat(100 << 20));';
    const { verdict, run } = await verdictOf(source, '42\n', { timeMs: 5 });
    expect(verdict, show(run)).toBe('TLE');
  });

  it('OLE outranks RE (output past the cap, then a crash), RE outranks WA', () => {
    expect(worstStatus('re', 'ole')).toBe('ole');
    expect(worstOf('WA', 'RE')).toBe('RE');
  });

  it('a run that failed is never checked: its failure outranks any answer', async () => {
    const { verdict, run } = await verdictOf('console.log(41); throw new Error("after a wrong answer");', '42\n');
    expect(verdict, show(run)).toBe('RE');
  });

  it('CE meets no run; WA outranks only AC', () => {
    expect(worstOf('AC', 'WA')).toBe('WA');
    expect(worstOf()).toBe('AC');
    expect(worstStatus()).toBe('ok');
    expect(worstOf('CE', 'WA')).toBe('CE');
  });

  it('every failed run outranks what the checker or interactor says', () => {
    for (const s of ['tle', 'mle', 're', 'ole', 'ie'] as const) {
      expect(worstOf(statusVerdict(s), 'WA')).toBe(statusVerdict(s));
      expect(worstOf(statusVerdict(s), 'AC')).toBe(statusVerdict(s));
    }
  });

  it('interactive: the interactor says WA but the program then runs out of time: TLE', async () => {
    const g = await game('console.log(41); let x = 0; for (;;) x++;', firstLine(), 300);
    expect(g.interactor?.verdict).toBe('WA');
    expect(g.verdict, g.message ?? '').toBe('TLE');
  });

  it('interactive: the interactor says WA and the program then crashes: RE', async () => {
    const g = await game('import fs from "fs"; console.log(41); fs.readFileSync(0, "utf8"); throw new Error("after the game");', firstLine(), 1000);
    expect(g.interactor?.verdict).toBe('WA');
    expect(g.verdict, g.message ?? '').toBe('RE');
  });

  it('interactive: the interactor fails while the program runs out of time: IE', async () => {
    const g = await game('console.log(42); let x = 0; for (;;) x++;', firstLine(true), 300);
    expect(g.verdict, g.message ?? '').toBe('IE');
  });

  it('interactive: a clean run gets what the interactor says', async () => {
    const right = await game('console.log(42);', firstLine());
    expect(right.verdict, right.message ?? '').toBe('AC');
    const wrong = await game('console.log(41);', firstLine());
    expect(wrong.verdict, wrong.message ?? '').toBe('WA');
  });
});
