import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { runLab } from '../../server/lab/lab';
import { runDraftChecks } from '../../server/problem-drafts/checks';
import { draftFromLab, PROVEN_MAX_N } from '../../server/problem-drafts/lab-draft';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';

let compiler: Compiler;
let sandbox: Sandbox;

beforeAll(async () => {
  compiler = createCompiler();
  sandbox = await createSandbox();
});

afterAll(async () => {
  await Promise.all([compiler?.close(), sandbox?.close()]);
});

const noTools = async () => {
  throw new Error('no student code here');
};

async function draftOf(body: { octal?: string; subtract?: string }) {
  const game = body.octal ? ({ kind: 'octal', code: body.octal } as const) : ({ kind: 'subtract', set: body.subtract! } as const);
  return draftFromLab(await runLab({ game }, { tools: noTools }), body, null);
}

const heaps = (input: string) => input.split('\n').slice(1).filter(Boolean).map(Number);

describe('a lab game drafted as a problem', () => {
  it("Dawson's kayles (0.07): tests hold every exception, the period's start and the largest heaps, and every predicted wrong solution is killed in the sandbox", async () => {
    const draft = await draftOf({ octal: '0.07' });
    expect(draft.pkg.shortName).toBe('octal-0-07');
    expect(draft.lab!.analysis).toMatchObject({ preperiod: 53, period: 34 });
    expect(draft.pkg.statements.en).toContain('take $2$ tokens from one heap');
    expect(draft.pkg.statements.zh).toContain('从一堆中取走 $2$ 个');
    // The four mistakes of the method, each wrong somewhere for this game.
    expect(draft.pkg.submissions.wrong_answer.map((w) => w.name).sort()).toEqual(['exceptions-ignored.ts', 'period-off-by-one.ts', 'period-without-preperiod.ts', 'table-cut-short.ts']);
    const all = draft.pkg.secret.flatMap((t) => heaps(t.input));
    for (const e of draft.lab!.analysis!.exceptions) expect(all).toContain(e);
    expect(all).toContain(53 + 34);
    expect(all).toContain(PROVEN_MAX_N);
    // Beyond the table the period gives the answer: G(10^9) = G(53 + (10^9 - 53) mod 34).
    const largest = draft.pkg.secret.find((t) => t.name.endsWith('largest'))!;
    const fast = draft.lab!.fast;
    expect(Number(largest.answer.split('\n')[0])).toBe(fast.values[53 + ((PROVEN_MAX_N - 53) % 34)]);
    expect(draft.generator).toContain('export function generate(rng: () => number');

    const outcome = await runDraftChecks(draft, new Set(), { compiler, sandbox });
    expect(outcome.reasons).toEqual([]);
    // Every mistake passes the sample (test 1) and is caught by the tests after it.
    for (const r of outcome.rows.filter((r) => r.expected === 'WA')) expect(r.failedTest, r.name).toBeGreaterThan(1);
    const verdicts = Object.fromEntries(outcome.rows.map((r) => [r.name.replace(/ \(.*/, ''), r.verdict]));
    expect(verdicts).toEqual({
      'accepted/fast.ts': 'AC',
      'wrong_answer/period-without-preperiod.ts': 'WA',
      'wrong_answer/exceptions-ignored.ts': 'WA',
      'wrong_answer/period-off-by-one.ts': 'WA',
      'wrong_answer/table-cut-short.ts': 'WA',
      'sg-judge/brute.ts': 'AC',
    });
  }, 120_000);

  it('a subtraction game without a pre-period predicts only the mistakes it can make, and a survivor gets a test that kills it', async () => {
    const draft = await draftOf({ subtract: '2,5,6' });
    expect(draft.pkg.shortName).toBe('subtraction-2-5-6');
    expect(draft.lab!.analysis).toMatchObject({ preperiod: 0, period: 11, exceptions: [] });
    const names = draft.pkg.submissions.wrong_answer.map((w) => w.name);
    // With no pre-period and no exceptions those two mistakes are the right answer: left out, said so.
    expect(names).not.toContain('exceptions-ignored.ts');
    expect(names).not.toContain('period-without-preperiod.ts');
    expect(names).toContain('period-off-by-one.ts');
    expect(draft.pkg.notes.join(' ')).toContain('exceptions-ignored.ts is left out');
    // Drop the tests that kill the off-by-one period: the checks must find it survives and add one.
    draft.pkg.secret = draft.pkg.secret.filter((t) => heaps(t.input).every((n) => n < 17));
    const outcome = await runDraftChecks(draft, new Set(), { compiler, sandbox });
    expect(outcome.added.some((n) => n.includes('kills-period-off-by-one'))).toBe(true);
    expect(outcome.reasons).toEqual([]);
    expect(outcome.rows.find((r) => r.name === 'wrong_answer/period-off-by-one.ts')!.verdict).toBe('WA');
    expect(outcome.rows.find((r) => r.name === 'accepted/fast.ts')!.verdict).toBe('AC');
  }, 120_000);

  it("a student's own game with a declared bound: its options are the brute force's, and the drafted problem passes its checks", async () => {
    const source = `export const bound = 2;
export function options(n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);
  return out;
}
`;
    const result = await runLab({ game: { kind: 'source', source }, to: 200 }, { tools: async () => ({ compiler, sandbox }) });
    const draft = draftFromLab(result, { source, to: 200 }, source);
    expect(draft.pkg.shortName).toMatch(/^heap-game-[0-9a-f]{6}$/);
    expect(draft.lab!.proven).toBe(true);
    expect(draft.pkg.statements.en).toContain('for (let i = 0; 2 * i <= n - 2; i++)');
    expect(draft.extra.find((f) => f.path === 'brute.ts')!.text).toContain(source.trim());
    const outcome = await runDraftChecks(draft, new Set(), { compiler, sandbox });
    expect(outcome.reasons).toEqual([]);
    expect(outcome.rows.find((r) => r.name.startsWith('sg-judge/brute.ts'))!.verdict).toBe('AC');
  }, 120_000);
});
