import { beforeAll, describe, expect, it } from 'vitest';
import { grundyUpTo, runsOf } from '../../problems/colouring-game/rows';
import { solve as brute } from '../../reference/colouring-game/brute';
import { solve as fast } from '../../reference/colouring-game/fast';
import { loadProblem } from '../../server/problems/registry';
import { buildTestSet, type BuiltTest } from '../../server/problems/testset';
import { describeProblem } from './harness';

describeProblem('colouring-game');

const file = (rows: string[]) => `${rows.length}\n${rows.map((s) => `${s.length}\n${s}\n`).join('')}`;
const rowsOf = (input: string) => input.split('\n').filter((_, i) => i >= 2 && i % 2 === 0 && _ !== '');
const redCount = (s: string) => s.split('').filter((c) => c === 'R').length;

describe('colouring-game against the literal game', () => {
  it('fast agrees with the partizan game search on every row of 2 to 12 cells', () => {
    for (let n = 2; n <= 12; n++) {
      const rows = Array.from({ length: 2 ** n }, (_, m) => Array.from({ length: n }, (_, i) => ((m >> i) & 1 ? 'R' : 'B')).join(''));
      expect(fast(file(rows)), `rows of ${n} cells`).toBe(brute(file(rows)));
    }
  });

  it('with unequal counts the one with more cells wins, in the literal game', () => {
    const rows = ['RRB', 'BRR', 'RBRBRBR', 'BRBRBRB', 'RRRRRRBBBBB', 'BRBRBRBRBRB', 'RBRBRBRBRBR'];
    const expected = rows.map((s) => (2 * redCount(s) > s.length ? 'Alice' : 'Bob'));
    expect(brute(file(rows)).trim().split('\n')).toEqual(expected);
  });
});

describe("the run values (octal game 0.07, Dawson's Kayles) and their period", () => {
  const g = grundyUpTo(3000);

  it('are periodic with period 34 exactly from length 53 on', () => {
    const breaks = g.flatMap((v, len) => (len + 34 < g.length && v !== g[len + 34] ? [len] : []));
    expect(breaks).toEqual([0, 15, 17, 32, 35, 52]);
  });

  it('below 53 the periodic table is wrong at lengths 1, 15, 17, 18, 32, 35 and 52 (and 0)', () => {
    const periodic = (len: number) => g[53 + ((((len - 53) % 34) + 34) % 34)]!;
    const wrong = g.slice(0, 53).flatMap((v, len) => (v !== periodic(len) ? [len] : []));
    expect(wrong).toEqual([0, 1, 15, 17, 18, 32, 35, 52]);
  });

  it('fast uses them for runs far beyond its table: one alternating run of every length up to 1000', () => {
    const rows = Array.from({ length: 500 }, (_, k) => 'RB'.repeat(k + 1));
    expect(fast(file(rows)).trim().split('\n')).toEqual(rows.map((s) => (g[s.length] ? 'Alice' : 'Bob')));
  });
});

/** Answers of a rule that cuts rows into runs and XORs run values, with hooks for the mistakes. */
function ruleAnswers(input: string, rule: { counts: 'both' | 'bob-only' | 'none'; runs: (s: string) => number[]; value: (len: number) => number }): string[] {
  return rowsOf(input).map((s) => {
    const red = redCount(s);
    const blue = s.length - red;
    if (rule.counts !== 'none' && blue > red) return 'Bob';
    if (rule.counts === 'both' && red > blue) return 'Alice';
    return rule.runs(s).reduce((x, len) => x ^ rule.value(len), 0) ? 'Alice' : 'Bob';
  });
}

describe('colouring-game stored tests kill the known mistakes', () => {
  let tests: BuiltTest[];
  const g = grundyUpTo(700);
  const right = (len: number) => (len < g.length ? g[len]! : g[53 + ((len - 53) % 34)]!);

  beforeAll(async () => {
    const problem = await loadProblem('colouring-game');
    tests = buildTestSet(problem, { solve: fast });
  });

  const failures = (rule: Parameters<typeof ruleAnswers>[1]) =>
    tests.filter((t) => ruleAnswers(t.input, rule).join('\n') + '\n' !== t.expected).map((t) => t.label);

  it('the right rule passes every stored test (the harness of this file is sound)', () => {
    expect(failures({ counts: 'both', runs: runsOf, value: right })).toEqual([]);
  });

  const mistakes: [string, Parameters<typeof ruleAnswers>[1]][] = [
    ['the period-34 table used below 53', { counts: 'both', runs: runsOf, value: (len) => right(53 + ((((len - 53) % 34) + 34) % 34)) }],
    ['the count rule forgotten', { counts: 'none', runs: runsOf, value: right }],
    ['the count rule kept for Bob only', { counts: 'bob-only', runs: runsOf, value: right }],
    ['the whole row as one run', { counts: 'both', runs: (s) => [s.length], value: right }],
    ['the last cell of every run dropped', { counts: 'both', runs: (s) => runsOf(s).map((l) => l - 1), value: right }],
    ['the last run of the row one cell short', { counts: 'both', runs: (s) => runsOf(s).map((l, i, all) => (i === all.length - 1 ? l - 1 : l)), value: right }],
    ['every run but the last one cell too long', { counts: 'both', runs: (s) => runsOf(s).map((l, i, all) => (i === all.length - 1 ? l : l + 1)), value: right }],
    ['an SG table up to 100, then the length mod 34', { counts: 'both', runs: runsOf, value: (len) => (len <= 100 ? g[len]! : g[len % 34]!) }],
    ['an SG table up to 100, then 0', { counts: 'both', runs: runsOf, value: (len) => (len <= 100 ? g[len]! : 0) }],
    ['an SG table up to 200, then the length mod 34 plus 34', { counts: 'both', runs: runsOf, value: (len) => (len <= 200 ? g[len]! : g[(len % 34) + 34]!) }],
  ];
  for (const [name, rule] of mistakes) {
    it(`${name}: fails at least 3 stored tests`, () => {
      expect(failures(rule).length).toBeGreaterThanOrEqual(3);
    });
  }

  it('hold runs of every length 1..120 in rows with equal counts, and runs past 100 of every irregular residue', () => {
    const lengths = new Set<number>();
    for (const t of tests) for (const s of rowsOf(t.input)) if (2 * redCount(s) === s.length) for (const l of runsOf(s)) lengths.add(l);
    for (let l = 1; l <= 120; l++) expect(lengths.has(l), `run of ${l}`).toBe(true);
    for (const r of [0, 1, 15, 17, 18, 32]) expect([...lengths].some((l) => l > 100 && l % 34 === r), `residue ${r}`).toBe(true);
  });

  it('hold files with t = 10^4 and Σn = 5·10^5, and single rows of 5·10^5 cells, alternating and mixed', () => {
    const files = tests.map((t) => rowsOf(t.input));
    expect(files.some((rows) => rows.length === 10_000 && rows.reduce((s, r) => s + r.length, 0) === 500_000)).toBe(true);
    const singles = files.filter((rows) => rows.length === 1 && rows[0]!.length === 500_000).map((rows) => rows[0]!);
    expect(singles.some((s) => runsOf(s).length === 1)).toBe(true);
    expect(singles.some((s) => runsOf(s).length > 100 && 2 * redCount(s) === s.length)).toBe(true);
  });
});
