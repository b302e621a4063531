import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SOURCE_BYTES } from '../../server/compile/config';
import { deriveLimits, OUTPUT_LIMIT_BYTES, type DerivedLimits } from '../../server/rules/limits';
import { DEFAULT_OUTPUT_LIMIT } from '../../server/sandbox/types';
import { MAX_CASES_PER_RUN } from '../../server/stress/batch-size';
import { ROOT } from '../helpers/server';

/**
 * The limits table of docs/sandbox.md is the documentation of every derived limit: each row names a field of
 * deriveLimits() and gives its formula in T (time limit, ms), M (memory limit, MiB) and, for a
 * batch, n (runs). The rows are read from docs/sandbox.md and evaluated here for a few problems' limits.
 */
interface Row {
  key: keyof DerivedLimits;
  expr: string;
  unit: string;
}

function readTable(): Row[] {
  const readme = readFileSync(path.join(ROOT, 'docs', 'sandbox.md'), 'utf8');
  const start = readme.indexOf('<!-- limits-table:start -->');
  const end = readme.indexOf('<!-- limits-table:end -->');
  expect(start, 'docs/sandbox.md has the limits-table markers').toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const lines = readme.slice(start, end).split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---') && !l.startsWith('| limit |'));
  return lines.map((line) => {
    const cells = line.split(' | ');
    const key = /\(`(\w+)`\)/.exec(cells[0]!)?.[1];
    const formula = /^`([^`]+)` (\w+)$/.exec(cells[1]!.trim());
    if (!key || !formula) throw new Error(`unreadable limits-table row: ${line}`);
    return { key: key as keyof DerivedLimits, expr: formula[1]!, unit: formula[2]! };
  });
}

/** The README's notation as JavaScript: × − min max floor. */
function evaluate(expr: string, vars: { T: number; M: number; n: number }): number {
  const js = expr.replace(/×/g, '*').replace(/−/g, '-').replace(/\b(min|max|floor)\(/g, 'Math.$1(');
  expect(js, `formula "${expr}" uses only T, M, n, numbers and min/max/floor`).toMatch(/^(?:[\d.\s+*/(),-]|\bMath\.(?:min|max|floor)\b|\b[TMn]\b)+$/);
  return new Function('T', 'M', 'n', `return ${js};`)(vars.T, vars.M, vars.n) as number;
}

/** The unit a field's name promises. */
const unitOf = (key: string) => (key.endsWith('Ms') ? 'ms' : key.endsWith('Mb') ? 'MiB' : key.endsWith('Chars') ? 'chars' : '?');

const PROBLEMS = [
  { timeMs: 1000, memoryMb: 256 },
  { timeMs: 2000, memoryMb: 64 },
  { timeMs: 500, memoryMb: 1024 },
  { timeMs: 3000, memoryMb: 32 },
];

describe('the README limits table', () => {
  const rows = readTable();

  it('has one row per derived limit, and no other', () => {
    const fields = Object.keys(deriveLimits(PROBLEMS[0]!)).sort();
    expect(rows.map((r) => r.key).sort()).toEqual(fields);
  });

  it('gives each limit in the unit its name says', () => {
    for (const r of rows) expect(r.unit, r.key).toBe(unitOf(r.key));
  });

  for (const l of PROBLEMS) {
    it(`matches server/rules/limits.ts for T = ${l.timeMs} ms, M = ${l.memoryMb} MiB`, () => {
      const derived = deriveLimits(l);
      for (const r of rows) {
        const value = derived[r.key];
        if (typeof value === 'function') {
          for (const n of [1, 7, 250]) expect(value(n), `${r.key}(${n}) = ${r.expr}`).toBe(evaluate(r.expr, { T: l.timeMs, M: l.memoryMb, n }));
        } else {
          expect(value, `${r.key} = ${r.expr}`).toBe(evaluate(r.expr, { T: l.timeMs, M: l.memoryMb, n: NaN }));
        }
      }
    });
  }

  it('states the limits the sandbox and the compiler use in bytes', () => {
    expect(DEFAULT_OUTPUT_LIMIT).toBe(OUTPUT_LIMIT_BYTES);
    expect(OUTPUT_LIMIT_BYTES).toBe(deriveLimits(PROBLEMS[0]!).outputMb * 1024 * 1024);
    const readme = readFileSync(path.join(ROOT, 'docs', 'sandbox.md'), 'utf8');
    expect(readme).toContain(`Source: ${MAX_SOURCE_BYTES / 1024} KiB`);
  });

  it("README's short word on TLE and stress batches says what the code does", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const wall = /The wall clock \(`([^`]+)` ms\)/.exec(readme);
    expect(wall, 'README names the wall net').not.toBeNull();
    for (const l of PROBLEMS) expect(evaluate(wall![1]!, { T: l.timeMs, M: l.memoryMb, n: NaN }), wall![1]).toBe(deriveLimits(l).wallClockMs);
    expect(readme).toContain('TLE is decided by CPU time');
    expect(readme).toContain(`never more than the validator accepts nor ${MAX_CASES_PER_RUN}`);
  });
});
