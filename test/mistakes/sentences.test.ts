import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { describeMap, type MapShape } from '../../server/mistakes/pattern';
import { gridStates, type Got } from '../../server/mistakes/probe';
import { loadProbe } from '../../server/mistakes/probes';
import { runGrid } from '../../server/mistakes/run-grid';
import { trueOutcomes } from '../../server/mistakes/truth';
import { PROBLEMS_DIR } from '../../server/problems/registry';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';

/** The mistake in words, word for word: hand-picked known-wrong programs, and tables made by hand. */
let compiler: Compiler;
let sandbox: Sandbox;

beforeAll(async () => {
  compiler = createCompiler();
  sandbox = await createSandbox();
});

afterAll(async () => {
  await Promise.all([compiler?.close(), sandbox?.close()]);
});

async function summaryOf(slug: string, wrong: string) {
  const probe = await loadProbe(slug);
  const source = readFileSync(join(PROBLEMS_DIR, slug, 'wrong', wrong), 'utf8');
  const r = await runGrid(slug, probe, { source, language: 'typescript' }, { compiler, sandbox });
  if (!r.ok) throw new Error(r.compileOutput);
  const truth = await trueOutcomes(slug, probe);
  return describeMap({ params: probe.params, from: probe.from, to: probe.to, step: probe.step ?? 1, states: gridStates(probe), truth, got: r.answers.got });
}

describe('the pattern of a wrong program, in words', { timeout: 120_000 }, () => {
  it('bash-game, "odd n wins": its losing positions are the even n, the true ones every fourth', async () => {
    expect(await summaryOf('bash-game', 'odd-parity.ts')).toEqual({
      en: 'Your program disagrees on 250 of 1,000 states (1 ≤ n ≤ 1000); the first is n = 2. Your losing positions: n ≡ 0 (mod 2) from n = 1; the true ones: n ≡ 0 (mod 4) from n = 1.',
      zh: '你的程序在 1,000 个状态（1 ≤ n ≤ 1000）中有 250 个与真实答案不同；第一个是 n = 2。你的必败态：从 n = 1 起 n ≡ 0 (mod 2)；真正的必败态：从 n = 1 起 n ≡ 0 (mod 4)。',
    });
  });

  it('alice-game, the Bash rule: period 4 where the truth has period 14', async () => {
    expect((await summaryOf('alice-game', 'bash-game-rule.ts')).en).toBe(
      'Your program disagrees on 250 of 1,001 states (0 ≤ n ≤ 1000); the first is n = 8. Your losing positions: n ≡ 0 (mod 4) from n = 0; the true ones: n ≡ 4 (mod 14) from n = 1, and n = 0 before.',
    );
  });

  it('ed, OR instead of XOR: wrong on the even rows and columns', async () => {
    expect((await summaryOf('ed', 'xor-not-or.ts')).en).toBe(
      'Your program disagrees on 400 of 1,600 states (1 ≤ x ≤ 40, 1 ≤ y ≤ 40); the first is (x, y) = (2, 2). The rows where it differs: x = 2, 4, 6, 8, 10, 12, …, 40; the columns: y = 2, 4, 6, 8, 10, 12, …, 40. Your losing positions: period 2 in x from x = 1, period 2 in y from y = 1; the true ones: period 2 in x from x = 1, period 2 in y from y = 1.',
    );
  });
});

describe('the shapes a table can take', () => {
  const one = (truth: string, got: string, from = 0): MapShape => ({
    params: ['n'],
    from: [from],
    to: [from + truth.length - 1],
    step: 1,
    states: Array.from(truth, (_, i) => [from + i]),
    truth: [...truth] as ('W' | 'L')[],
    got: [...got] as Got[],
  });
  const bash = (n: number, m: number) => (n % (m + 1) === 0 ? 'L' : 'W');

  it('a table cut short: agrees up to n = 63 and differs after', () => {
    const truth = Array.from({ length: 200 }, (_, n) => bash(n, 3)).join('');
    const got = truth.slice(0, 64) + 'W'.repeat(136);
    expect(describeMap(one(truth, got)).en).toBe(
      'Your program disagrees on 34 of 200 states (0 ≤ n ≤ 199); the first is n = 64. Your losing positions: n = 0, 4, 8, 12, 16, 20, …, 60, and none from n = 61; the true ones: n ≡ 0 (mod 4) from n = 0. Your program agrees up to n = 63 and differs after.',
    );
  });

  it('answers only on even n', () => {
    const truth = Array.from({ length: 100 }, (_, n) => bash(n, 1)).join('');
    const got = Array.from(truth, (t, n) => (n % 2 === 0 ? t : '?')).join('');
    const s = describeMap(one(truth, got));
    expect(s.en).toContain('It gives no answer (a crash, a time-out or output that is not an answer) on 50 of them. Your program answers only on even n.');
    expect(s.zh).toContain('你的程序只在 n 为偶数时给出回答。');
  });

  it('two parameters: wrong whenever x = y', () => {
    const states: number[][] = [];
    for (let x = 1; x <= 10; x++) for (let y = 1; y <= 10; y++) states.push([x, y]);
    const truth = states.map(([x, y]) => ((x! ^ y!) === 0 ? 'L' : 'W'));
    const got = states.map(() => 'W' as Got);
    const s = describeMap({ params: ['x', 'y'], from: [1, 1], to: [10, 10], step: 1, states, truth, got });
    expect(s.en).toContain('It is wrong whenever x = y, and only there.');
    expect(s.zh).toContain('只要 x = y 就错，其他地方都对。');
  });

  it('agreement everywhere is said as such', () => {
    const truth = 'LWWWLWWWL';
    expect(describeMap(one(truth, truth)).en).toBe('Your program agrees with the true table on all 9 states (0 ≤ n ≤ 8).');
  });
});
