import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { playerSource } from '../../server/problems/interactive';
import { loadProblem, loadReference, type LoadedProblem } from '../../server/problems/registry';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';
import { runStress } from '../../server/stress/stress-run';
import { expectLocallyMinimal } from './minimality';

let compiler: Compiler;
let sandboxes: Sandbox[];
let problem: LoadedProblem;
let refs: { fast: Awaited<ReturnType<typeof loadReference>>; brute: Awaited<ReturnType<typeof loadReference>> };

beforeAll(async () => {
  compiler = createCompiler();
  sandboxes = await Promise.all([createSandbox(), createSandbox()]);
  problem = await loadProblem('subtraction-game');
  refs = { fast: await loadReference('subtraction-game', 'fast'), brute: await loadReference('subtraction-game', 'brute') };
});

afterAll(async () => {
  await Promise.all([compiler?.close(), ...(sandboxes ?? []).map((s) => s.close())]);
});

// Stress testing an interactive problem: each case is a random valid `N L R` played against the
// interactor, which is the oracle; the fast and brute references only cross-check who wins.
describe('stress runs on an interactive problem', () => {
  it('catch a player that always goes first and shrink its game to a small losing one', async () => {
    const wrong = problem.wrong.find((w) => w.name === 'always-first.ts')!;
    const outcome = await runStress({ source: wrong.source, cases: 500, size: 'small', seed: 11 }, { compiler, sandboxes, problem, ...refs });
    expect(outcome.result, outcome.error ?? '').toBe('failed');
    const c = outcome.counterexample!;
    expect(c.verdict).toBe('WA');
    expect(c.expected).toBe('Second\n');
    expect(c.message).toMatch(/you printed First, but from .* the second player wins/);
    // The transcript of the shrunk game, from the judge's first line to the player's defeat.
    expect(c.got.startsWith(`< ${c.input.trim()}\n> First\n`), c.got).toBe(true);
    await expectLocallyMinimal(outcome, problem, 'small', refs, sandboxes[0]!);
  });

  it('pass the fast player on random games', async () => {
    const outcome = await runStress({ source: playerSource('subtraction-game'), cases: 150, size: 'small', seed: 5 }, { compiler, sandboxes, problem, ...refs });
    expect(outcome.error).toBeNull();
    expect(outcome.result).toBe('passed');
    expect(outcome.casesRun).toBe(150);
  });
});
