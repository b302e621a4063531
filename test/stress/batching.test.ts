import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { CASE_LAYOUTS } from '../../server/problems/case-layout';
import { loadProblem, loadReference, referenceAsSubmission, type LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver } from '../../server/problems/types';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { batchInput, CaseStream } from '../../server/stress/batch';
import { runStress, type StressRequest } from '../../server/stress/stress-run';

// Batched stress runs (server/stress/batch.ts) with real sandbox runs, on nim: T ≤ 10 games an
// input, each game "n" then n piles.
let compiler: Compiler;
let sandboxes: Sandbox[];
let nim: LoadedProblem;
let fast: ReferenceSolver;
let brute: ReferenceSolver;

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = await Promise.all([createSandbox(), createSandbox()]);
  nim = await loadProblem('nim');
  fast = await loadReference('nim', 'fast');
  brute = await loadReference('nim', 'brute');
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

const stress = (source: string, req: Partial<StressRequest> = {}, oneCaseARun = false, shrinkBudgetMs = 60_000) =>
  runStress({ source, cases: 2000, size: 'small', seed: 4711, ...req }, { compiler, sandboxes, problem: nim, fast, brute, oneCaseARun, shrinkBudgetMs });

/** A nim solution that does `odd` (a statement on the game's piles `a`) instead of answering when `when` holds. */
const nimWith = (when: string, odd: string) => `
  import * as fs from 'fs';
  const d = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = d[p++];
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = d[p++];
    const a = d.slice(p, p + n);
    p += n;
    const x = a.reduce((s, v) => s ^ v, 0);
    if (${when}) { ${odd} }
    out.push(x ? 'Yes' : 'No');
  }
  console.log(out.join('\\n'));
`;

/** The stream's case `index` as a one-case input. */
const streamCase = (seed: number, index: number): string => {
  const stream = new CaseStream(nim.pkg.arbitrary('small'), nim.pkg, CASE_LAYOUTS.nim!, seed);
  stream.skipTo(index);
  return batchInput([stream.next()]);
};

describe('batched stress runs', () => {
  it('send many cases a run, valid inputs of the problem, and pass a correct solution', async () => {
    const outcome = await stress(referenceAsSubmission('nim', 'fast'));
    expect(outcome).toMatchObject({ result: 'passed', casesRun: 2000, counterexample: null });
    // nim accepts at most 10 games an input: at least 200 runs, far fewer than one a case.
    expect(outcome.runs).toBeGreaterThanOrEqual(200);
    expect(outcome.runs).toBeLessThan(500);
  });

  it('find a wrong answer on one case of a batch, cut it out and shrink it: the counterexample of the one-case-a-run search', async () => {
    // Wrong only for a game of three piles whose first pile is 7.
    const wrong = nimWith('n === 3 && a[0] === 7', "out.push(x ? 'No' : 'Yes'); continue;");
    const batched = await stress(wrong);
    expect(batched.result).toBe('failed');
    const c = batched.counterexample!;
    expect(c.verdict).toBe('WA');
    // One game, nothing else: three piles, the first 7, the others lowered as far as they go.
    expect(c.input).toMatch(/^1\n3\n7 \d+ \d+\n$/);
    expect(nim.pkg.validate(c.input)).toEqual({ ok: true });
    // The case named is the first of the stream with that shape.
    expect(streamCase(4711, c.caseIndex)).toMatch(/^1\n3\n7 /);
    for (let i = 0; i < c.caseIndex; i++) expect(streamCase(4711, i)).not.toMatch(/^1\n3\n7 /);
    const single = await stress(wrong, {}, true);
    expect(single.counterexample!.input).toBe(c.input);
  });

  it('narrow a crash on one case of a batch by bisection to that case', async () => {
    const crashes = nimWith('a.includes(13)', "throw new Error('thirteen');");
    const outcome = await stress(crashes);
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('RE');
    expect(c.message).toMatch(/thirteen/);
    expect(c.input).toBe('1\n1\n13\n');
    expect(streamCase(4711, c.caseIndex)).toMatch(/\b13\b/);
    // Same seed, same case and counterexample.
    const again = await stress(crashes);
    expect(again.counterexample).toMatchObject({ caseIndex: c.caseIndex, input: c.input });
  });

  it('narrow an endless loop on one case of a batch to that case', async () => {
    // Every failing candidate costs a whole time limit: the shrinking is given almost no time, so
    // the input reported is the generated input holding the looping case, run alone.
    const loops = nimWith('a.includes(14)', 'for (;;) {}');
    const outcome = await stress(loops, { cases: 300 }, false, 1);
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('TLE');
    expect(nim.pkg.validate(c.input)).toEqual({ ok: true });
    expect(c.input).toMatch(/\b14\b/);
    expect(streamCase(4711, c.caseIndex)).toMatch(/\b14\b/);
    for (let i = 0; i < c.caseIndex; i++) expect(streamCase(4711, i)).not.toMatch(/\b14\b/);
  }, 60_000);

  it('report the smallest batch that fails when no case fails alone', async () => {
    // Crashes on an input of 8 games or more: no generated input (at most 5 games at size small)
    // fails alone, a batch of 10 does, and neither of its halves.
    const outcome = await stress(nimWith('t >= 8', "throw new Error('too many games');"));
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('RE');
    expect(nim.pkg.validate(c.input)).toEqual({ ok: true });
    // Shrunk as text: 8 games, each as small as the validator allows.
    expect(c.input).toBe(`8\n${'1\n0\n'.repeat(8)}`);
  });

  it('give a slow program one case a run', async () => {
    // About 40 % of the 1 s limit in CPU a game: the time limit keeps meaning "per case".
    const slow = nimWith('true', 'const end = process.cpuUsage().user + 400_000; while (process.cpuUsage().user < end) {}');
    const outcome = await stress(slow, { cases: 4 });
    expect(outcome).toMatchObject({ result: 'passed', casesRun: 4, runs: 4 });
  }, 60_000);
});
