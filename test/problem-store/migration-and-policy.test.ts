import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { may } from '../../server/http/policy';
import type { Viewer } from '../../server/http/auth/viewer';
import { setPublished, storePackage, storedProblemsVersion } from '../../server/problem-store';
import type { ParsedPackage } from '../../server/package-format/parse';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getProblemHeader, listProblems, listTests } from '../../server/storage/problems';

const work = mkdtempSync(join(tmpdir(), 'sg-store-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A small package as the drafts' code hands it over: no files, just the parsed shape. */
function tinyPackage(shortName: string): ParsedPackage {
  return {
    shortName,
    name: { en: 'Echo', zh: '回声' },
    source: null,
    license: null,
    type: 'pass-fail',
    validation: 'default',
    limits: { timeMs: 1000, memoryMb: 256 },
    statements: { en: 'Print the number.\n' },
    samples: [{ name: '1', input: '1\n', answer: '1\n' }],
    secret: [{ name: 'a', input: '2\n', answer: '2\n' }],
    submissions: { accepted: [], wrong_answer: [], time_limit_exceeded: [], run_time_error: [] },
    hasOutputValidator: false,
    notes: [],
  };
}

describe('the stored-problems migration', () => {
  it('opens a database of the schema before it: old problems stay listed, and a package can then be stored', () => {
    const db = openDatabase(join(work, 'judge.db'));
    const at = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE stored_problems'));
    expect(at).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'old-hash', 0)`,
    ).run();
    db.prepare("INSERT INTO tests (problem, idx, kind, label, input, expected) VALUES ('nim', 1, 'sample', 'sample 1', '1\n1\n', 'Yes\n')").run();
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(listProblems(db).map((p) => p.slug)).toEqual(['nim']);
    expect(storedProblemsVersion(db)).toBe(0);

    // A draft is stored but neither listed nor found until it is published.
    expect(storePackage(db, tinyPackage('echo'), { owner: null, published: false })).toEqual({ slug: 'echo' });
    expect(listProblems(db).map((p) => p.slug)).toEqual(['nim']);
    expect(getProblemHeader(db, 'echo')).toBeUndefined();
    expect(listTests(db, 'echo').map((t) => [t.kind, t.label])).toEqual([['sample', 'sample 1'], ['edge', 'secret a']]);
    expect(setPublished(db, 'echo', true)).toBe(true);
    expect(listProblems(db).map((p) => p.slug)).toEqual(['echo', 'nim']);
    expect(storedProblemsVersion(db)).toBe(2);
    // A new version replaces it only when asked to.
    expect(() => storePackage(db, tinyPackage('echo'), { owner: null, published: true })).toThrow(/already stored/);
    storePackage(db, { ...tinyPackage('echo'), secret: [] }, { owner: null, published: true, replace: true });
    expect(listTests(db, 'echo')).toHaveLength(1);
    db.close();
  });
});

describe('who may bring a problem in (policy.may)', () => {
  const teacher: Viewer = { kind: 'account', id: 1, name: 't', displayName: 'T', role: 'teacher', via: 'session' };
  const student: Viewer = { kind: 'account', id: 2, name: 's', displayName: 'S', role: 'student', via: 'session' };
  const rows: [string, Viewer, number | null, boolean][] = [
    ['the local person imports', { kind: 'local' }, null, true],
    ['a teacher imports', teacher, null, true],
    ['a student imports', student, null, false],
    ["a teacher changes another teacher's problem", teacher, 9, true],
    ['a student changes a stored problem', student, 1, false],
  ];
  it.each(rows)('%s', (_, viewer, owner, allowed) => {
    expect(may(viewer, 'change', { kind: 'storedProblem', owner })).toBe(allowed);
  });
});
