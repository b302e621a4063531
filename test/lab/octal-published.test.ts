import { describe, expect, it } from 'vitest';
import { instantiate } from '../../server/lab/game';
import { runLab, type LabRequest, type LabResult } from '../../server/lab/lab';
import { FIRST_PROOF_CHECK } from '../../server/lab/octal-fast';
import { analyseSequence } from '../../server/lab/period';
import { octalGame } from '../../server/lab/presets';
import { searchTable } from '../../server/lab/search';

/**
 * Octal games whose values the literature publishes, computed by the lab's fast loop and checked
 * against the sources: period, last exception (the pre-period ends just after it), the first values,
 * and the same table from the general search.
 */
const deps = { tools: () => Promise.reject(new Error('built-in games never need the sandbox')) };
const lab = (req: LabRequest): Promise<LabResult> => runLab(req, deps);

/** The general search's values and analysis of an octal code (options as objects, one per move). */
function general(code: string, to: number): { values: number[]; analysis: ReturnType<typeof analyseSequence> } {
  const decl = octalGame(code);
  const game = instantiate(`octal ${code}`, decl);
  const values = searchTable(game, [0], [to]).values as number[];
  return { values, analysis: analyseSequence(values, 0, game.bound) };
}

interface Published {
  code: string;
  period: number;
  /** Largest n whose value breaks the period (in this lab's n, the heap size; OEIS offsets noted). */
  lastException: number;
  /** G(0), G(1), … as published. */
  first: number[];
  /** Every exception, when the source lists them all. */
  exceptions?: number[];
  source: string;
}

const PUBLISHED: Published[] = [
  {
    code: '0.07',
    period: 34,
    // A002187 lists Dawson's chess from n = 0 and says 0.07 has its values shifted by one: its
    // exceptions 0, 14, 16, 17, 31, 34, 51 are heaps 1, 15, 17, 18, 32, 35, 52 here (and G(0) = 0).
    lastException: 52,
    first: [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0],
    exceptions: [0, 1, 15, 17, 18, 32, 35, 52],
    source: "Dawson's Kayles: Winning Ways ch. 4 (pp. 89, 102); OEIS A002187 (values a(n-1))",
  },
  {
    code: '0.137',
    period: 34,
    lastException: 51,
    first: [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3],
    exceptions: [0, 14, 16, 17, 31, 34, 51],
    source: "Dawson's chess: OEIS A002187 (\"period 34 with the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51\"); Guy & Smith 1956",
  },
  {
    code: '0.77',
    period: 12,
    lastException: 70,
    first: [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8],
    exceptions: [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70],
    source: 'Kayles: Winning Ways ch. 4 (p. 91), the 14 exceptions ending at 70; OEIS A002186',
  },
  {
    code: '0.117',
    period: 48,
    lastException: 46,
    // OEIS starts at n = 1.
    first: [0, 1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0, 4, 3],
    exceptions: [2, 6, 7, 12, 16, 22, 26, 36, 46],
    source: 'OEIS A071453 ("the only exceptions are n = 2, 6, 7, 12, 16, 22, 26, 36 and 46"); Winning Ways ch. 4, p. 104',
  },
  {
    code: '0.1377',
    period: 24,
    lastException: 140,
    first: [0, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7],
    source: 'OEIS A071434 (period 24, last exception at n = 140); Winning Ways ch. 4, p. 102',
  },
  {
    code: '0.11377',
    period: 32,
    lastException: 186,
    first: [0, 1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6],
    source: 'OEIS A071452 (period 32, last exception at n = 186); Winning Ways ch. 4, p. 104',
  },
  {
    code: '0.7777',
    period: 24,
    lastException: 141,
    first: [0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4, 5, 15, 14],
    source: 'Double Kayles: OEIS A071074 (period 24, last exception at n = 141); Winning Ways p. 98',
  },
  {
    code: '0.177',
    period: 20,
    lastException: 496,
    first: [0, 1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4],
    source: 'OEIS A071435 (period 20, last exception at n = 496); Winning Ways ch. 4, p. 102',
  },
];

describe('octal games as published', () => {
  it.each(PUBLISHED)('$code: period $period, last exception $lastException ($source)', async (p) => {
    // Past the first look for a proof (n = 1024), so that the rest follows from the period.
    const to = 2_000;
    const r = await lab({ game: { kind: 'octal', code: p.code }, to });
    expect(r.values.slice(0, p.first.length)).toEqual(p.first);
    expect(r.analysis).toMatchObject({ period: p.period, saltus: 0, preperiod: p.lastException + 1, proven: true, checkedUpTo: to });
    expect(r.analysis!.exceptions.at(-1)).toBe(p.lastException);
    if (p.exceptions) expect(r.analysis!.exceptions).toEqual(p.exceptions);
    expect(r.byPeriodFrom).not.toBeNull();
    expect(r.byPeriodFrom!).toBeLessThanOrEqual(to);
    // The same table from the general search, every value computed.
    const g = general(p.code, to);
    expect(r.values).toEqual(g.values);
    expect(r.analysis).toEqual(g.analysis);
  });
});

/** Every octal code 0.d1, 0.d1d2, 0.d1d2d3 (leading digit 0 allowed, the last non-zero). */
function codesStartingWith(d1: number): string[] {
  const out: string[] = [];
  for (let d2 = 0; d2 < 8; d2++) for (let d3 = 0; d3 < 8; d3++) {
    const digits = `${d1}${d2}${d3}`.replace(/0+$/, '');
    if (digits !== '' && !out.includes(`0.${digits}`)) out.push(`0.${digits}`);
  }
  if (d1 !== 0) out.unshift(`0.${d1}`);
  return [...new Set(out)];
}

describe('the fast loop against the general search', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])('every octal code of up to three digits starting 0.%i: the same values and analysis for n ≤ 300', async (d1) => {
    const codes = codesStartingWith(d1);
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      // Seconds of computing in all: let vitest's worker answer its runner between codes.
      await new Promise((resolve) => setImmediate(resolve));
      const r = await lab({ game: { kind: 'octal', code }, to: 300 });
      const g = general(code, 300);
      expect(r.values, code).toEqual(g.values);
      expect(r.analysis, code).toEqual(g.analysis);
      // A table the period finishes says so; one without a proof computed every value.
      if (r.byPeriodFrom === null) expect(r.summary.join('\n'), code).not.toContain('follow from the proven period');
      else expect(r.analysis?.proven, code).toBe(true);
    }
  });

  it('subtraction sets and Bash: the same values and analysis as the general search', async () => {
    const { subtractionGame } = await import('../../server/lab/presets');
    for (const set of [[1], [2, 3, 7], [1, 3, 4], [3, 5, 9, 11], [1, 2, 3, 4, 5]]) {
      const r = await lab({ game: { kind: 'subtract', set: set.join(',') }, to: 300 });
      const game = instantiate('s', subtractionGame(set));
      const values = searchTable(game, [0], [300]).values as number[];
      expect(r.values, set.join(',')).toEqual(values);
      expect(r.analysis, set.join(',')).toEqual(analyseSequence(values, 0, game.bound));
    }
    const bash = await lab({ game: { kind: 'bash', settings: { m: 4 } }, to: 50 });
    expect(bash.values.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
  });
});

describe('the period finishes the table', () => {
  it("0.07 up to 10^6: Dawson's Kayles proven at the first look (n = 1024), the rest from the period", async () => {
    const r = await lab({ game: { kind: 'octal', code: '0.07' }, to: 1_000_000 });
    expect(r.values.length).toBe(1_000_001);
    expect(r.analysis).toMatchObject({ preperiod: 53, period: 34, proven: true, checkedUpTo: 1_000_000 });
    expect(r.byPeriodFrom).toBe(FIRST_PROOF_CHECK);
    for (const n of [176, 5_000, 999_999, 1_000_000]) expect(r.values[n]).toBe(r.values[53 + ((n - 53) % 34)]);
    expect(r.summary[1]).toBe('values from n = 1024 to 1000000 follow from the proven period (G(n) = G(n − 34)); G(n) was computed up to n = 1023');
    // A small table is computed whole and reads as it always did.
    const small = await lab({ game: { kind: 'octal', code: '0.07' }, to: 1000 });
    expect(small.byPeriodFrom).toBeNull();
    expect(small.summary).toEqual(['period 34 from n = 53: proven (Guy–Smith bound: 176 values needed, 1001 computed)']);
  });

  it('a table over the time limit names the n reached, the time and the command line that goes further', async () => {
    // 0.6 has no known period; a limit of 0 ms stops it at the first look at the clock.
    const err = await runLab({ game: { kind: 'octal', code: '0.6' }, to: 100_000 }, { ...deps, timeMs: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toMatch(/^the table stopped at n = \d+ after \d+\.\d s, the time limit of a lab job of a built-in game \(60 s\)/);
    expect(message).toContain('npm run sg -- --octal 0.6 --to 100000');
  });

  it('the quick path hands a big octal table to a job (over its work cap)', async () => {
    const err = await runLab({ game: { kind: 'octal', code: '0.6' }, to: 20_000 }, { ...deps, limits: { stateCap: 1_000_000, workCap: 1000 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ overWorkCap: true });
  });
});
