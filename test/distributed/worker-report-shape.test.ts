import { describe, expect, it } from 'vitest';
import { workerRefusal } from '../../server/distributed/import-transfer';

/**
 * A judge worker's import report crosses Redis and is parsed against a schema on the web tier: a
 * package's solution table names every language a package's submission is read as, so a C++ or
 * Python row (or "not judged: Java") must survive that check instead of turning the whole report
 * into "does not have the expected shape".
 */
const row = (over: object) => ({ folder: 'accepted', name: 'x', expected: 'AC', got: 'AC', failedTest: null, tests: '..', maxTimeMs: 3, ok: true, note: null, ...over });

describe("a worker's import report", () => {
  it('keeps C++, Python and not-judged rows of the solution table', () => {
    const rows = [
      row({ name: 'sol.cpp', language: 'cpp' }),
      row({ name: 'sol.py', language: 'python', folder: 'wrong_answer', expected: 'WA', got: 'AC', ok: false }),
      row({ name: 'Sol.java', language: 'other', languageName: 'Java', got: null, tests: '--', ok: true, note: 'not judged: Java' }),
    ];
    const got = workerRefusal({ rows, reasons: ['submissions/wrong_answer/sol.py was accepted'] });
    expect(got.reasons).toEqual(['submissions/wrong_answer/sol.py was accepted']);
    expect(got.rows.map((r) => [r.name, r.language, r.languageName])).toEqual([
      ['sol.cpp', 'cpp', undefined],
      ['sol.py', 'python', undefined],
      ['Sol.java', 'other', 'Java'],
    ]);
  });

  it('still refuses a row of a language no package holds', () => {
    expect(workerRefusal({ rows: [row({ language: 'cobol' })], reasons: ['x'] }).rows).toEqual([]);
  });
});
