import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { loadProblem, loadReference, referenceAsSubmission, type LoadedProblem } from '../../server/problems/registry';
import type { ReferenceSolver } from '../../server/problems/types';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { generateCase } from '../../server/stress/cases';
import { runStress } from '../../server/stress/stress-run';
import { expectLocallyMinimal } from './minimality';

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

const stress = (source: string, seed: number, cases = 1000, refs = { fast, brute }) =>
  runStress({ source, cases, size: 'small', seed }, { compiler, sandboxes, problem: nim, ...refs });

describe('stress runs on nim', () => {
  it('catch a known-wrong solution within 1000 small cases and shrink it to a locally minimal input', async () => {
    const outcome = await stress(nim.wrong.find((w) => w.name === 'sum-parity.ts')!.source, 12345);
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('WA');
    expect(c.caseIndex).toBeLessThan(1000);
    expect(nim.pkg.validate(c.input)).toEqual({ ok: true });
    // The shrunk case still fails: the reference and the solution really differ on it.
    expect(c.expected.trim()).not.toBe(c.got.trim());
    expect(c.expected).toBe(fast.solve(c.input));
    expect(c.input.length).toBeLessThanOrEqual(nim.pkg.format(generateCase(nim.pkg.arbitrary('small'), 12345, c.caseIndex).value_).length);
    await expectLocallyMinimal(outcome, nim, 'small', { fast, brute }, sandboxes[0]!);
  });

  it('pass a correct solution on every case', async () => {
    const outcome = await stress(referenceAsSubmission('nim', 'fast'), 777, 500);
    expect(outcome).toMatchObject({ result: 'passed', casesRun: 500, counterexample: null, error: null });
  });

  it('reproduce the same cases and the same counterexample for the same seed', async () => {
    const arb = nim.pkg.arbitrary('small');
    for (let i = 0; i < 20; i++) expect(generateCase(arb, 99, i).value).toEqual(generateCase(arb, 99, i).value);
    const wrong = nim.wrong.find((w) => w.name === 'skips-zeros.ts')!.source;
    const a = await stress(wrong, 4242);
    const b = await stress(wrong, 4242);
    expect(a.result).toBe('failed');
    expect(b.counterexample!.caseIndex).toBe(a.counterexample!.caseIndex);
    expect(b.counterexample!.input).toBe(a.counterexample!.input);
  });

  it('report a disagreement between the references as an error, never as the student\'s wrong answer', async () => {
    const brokenFast: ReferenceSolver = { solve: (input) => fast.solve(input).replace(/Yes/g, 'No') };
    const outcome = await stress(referenceAsSubmission('nim', 'fast'), 5, 200, { fast: brokenFast, brute });
    expect(outcome.result).toBe('error');
    expect(outcome.error).toMatch(/disagrees with the brute force/);
    expect(outcome.counterexample).toBeNull();
  });

  it('contain a hostile solution exactly as judging does', async () => {
    // Every way out is tried; one that works prints ESCAPED. The last one, child_process, must end
    // the run with the permission error: RE, never an answer the checker merely finds wrong.
    const hostile = `
      const fs = require('fs');
      fs.readFileSync(0, 'utf8');
      try { const p = fs.readFileSync('/etc/passwd', 'utf8'); console.log('ESCAPED: read /etc/passwd ' + p.length); } catch {}
      try { const p = ({}).constructor.constructor('return process')(); console.log('ESCAPED: Function constructor ' + typeof p); } catch {}
      console.log('ESCAPED: child_process ' + require('child_process').execSync('id').toString());
    `;
    const outcome = await stress(hostile, 1, 50);
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.got).not.toContain('ESCAPED');
    expect(c.verdict, `${c.verdict}: ${c.message}`).toBe('RE');
    expect(c.message).toMatch(/ERR_ACCESS_DENIED|Access to this API has been restricted/);
    // The sandboxes still judge normally afterwards.
    const after = await stress(referenceAsSubmission('nim', 'fast'), 2, 50);
    expect(after.result).toBe('passed');
  });

  it('shrink a time-limit failure to the one small game that loops', async () => {
    // Loops only on a game with two or more piles: the student must be shown that game alone.
    const loops = `
      import * as fs from 'fs';
      const d = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
      let p = 0;
      const t = d[p++];
      const out: string[] = [];
      for (let c = 0; c < t; c++) {
        const n = d[p++];
        if (n >= 2) for (;;) {}
        let x = 0;
        for (let i = 0; i < n; i++) x ^= d[p++];
        out.push(x ? 'Yes' : 'No');
      }
      console.log(out.join('\\n'));
    `;
    const outcome = await runStress(
      { source: loops, cases: 200, size: 'small', seed: 31 },
      { compiler, sandboxes, problem: nim, fast, brute, shrinkBudgetMs: 60_000 },
    );
    expect(outcome.result).toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('TLE');
    expect(c.shrinkSteps).toBeGreaterThan(0);
    // One game of two piles, each lowered to the smallest value the validator allows.
    expect(c.input).toBe('1\n2\n0 0\n');
  }, 240_000);

  it('reports a compilation error instead of running', async () => {
    const outcome = await stress('const x: number = "text";', 1, 10);
    expect(outcome.result).toBe('error');
    expect(outcome.error).toMatch(/Compilation error/);
  });
});
