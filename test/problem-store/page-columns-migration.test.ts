import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storedLack } from '../../server/http/stored-guard';
import { extraFaults, KEPT_BOUNDS, packageBytesFaults } from '../../server/problem-store/kept-bounds';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { english } from '../../server/text/messages';
import { removeDataDir } from '../helpers/server';

/**
 * A page asked what a stored problem lacks with json_extract over its whole package JSON (0.65 s a
 * view for 120 MiB of sg-judge/ files). Migration 49 keeps the answer in a small table of its own:
 * a database of the version before opens with every stored problem's facts filled from its JSON,
 * and the page's answer is what the JSON said, without reading the package.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-page-columns-'));
afterAll(() => removeDataDir(dir));

const sol = (folder: string, name: string, language: string, source: string | null) => ({ folder, name, language, source, expected: 'AC', got: 'AC', failedTest: null, tests: '.', maxTimeMs: 1, ok: true, note: null });
const PACKAGES: Record<string, object> = {
  runs: { type: 'pass-fail', validation: 'default', solutions: [sol('wrong_answer', 'w.ts', 'typescript', 'x'), sol('accepted', 'a.cpp', 'other', null), sol('accepted', 'b.ts', 'typescript', 'y')], extra: [{ path: 'big.txt', text: 'x'.repeat(1 << 20) }] },
  'only-cpp': { type: 'pass-fail', validation: 'default', solutions: [sol('accepted', 'main.cpp', 'other', null)] },
  'no-accepted': { type: 'pass-fail', validation: 'default', solutions: [sol('wrong_answer', 'w.js', 'javascript', 'z')] },
  'legacy-interactive': { type: 'pass-fail', validation: 'custom interactive', solutions: [sol('accepted', 'a.ts', 'typescript', 'y')] },
  'typed-interactive': { type: 'interactive', validation: 'default', solutions: [] },
};

describe('migration 49: what a page asks of a stored problem, in a table of its own', () => {
  it('fills the facts of problems stored by the version before from their JSON; the page\'s answers are the same', () => {
    const file = join(dir, 'judge.db');
    const at = MIGRATIONS.findIndex((m) => m.version === 49);
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(file);
    migrate(old, MIGRATIONS.slice(0, at));
    for (const [slug, pkg] of Object.entries(PACKAGES)) {
      old.prepare(
        `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
         VALUES (?, ?, ?, '', 'x', 'x', 1000, 256, 'stored:old', 0)`,
      ).run(slug, slug, slug);
      old.prepare('INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES (?, NULL, 1, ?, ?, 0)').run(slug, JSON.stringify({ format: 1, ...pkg }), slug === 'runs' ? 'export function generate() {}' : null);
    }
    old.close();

    const db = openDatabase(file, { migrate: true });
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT slug, interactive, reference_state AS state, reference_name AS name, has_generator AS gen FROM stored_problem_facts ORDER BY slug').all()).toEqual([
      { slug: 'legacy-interactive', interactive: 1, state: 'ok', name: 'accepted/a.ts', gen: 0 },
      { slug: 'no-accepted', interactive: 0, state: 'none', name: null, gen: 0 },
      { slug: 'only-cpp', interactive: 0, state: 'language', name: 'accepted/main.cpp', gen: 0 },
      { slug: 'runs', interactive: 0, state: 'ok', name: 'accepted/b.ts', gen: 1 },
      { slug: 'typed-interactive', interactive: 1, state: 'none', name: null, gen: 0 },
    ]);
    const lack = (slug: string, use: 'stress' | 'input') => {
      const s = storedLack(db, slug, use);
      return s && english(s);
    };
    expect(lack('runs', 'stress')).toBeNull();
    expect(lack('runs', 'input')).toBeNull();
    expect(lack('only-cpp', 'input')).toMatch(/accepted\/main\.cpp/);
    expect(lack('no-accepted', 'input')).toMatch(/^no-accepted /);
    expect(lack('legacy-interactive', 'input')).toMatch(/interactive/);
    expect(lack('typed-interactive', 'stress')).toMatch(/interactive/);
    // The page never parses the package JSON: a package the page cannot read changes nothing.
    db.prepare("UPDATE stored_problems SET package = '{not json' WHERE slug = 'runs'").run();
    expect(lack('runs', 'stress')).toBeNull();
    db.close();
  });

  it('what is kept of a package is bounded, with a sentence past it', () => {
    const files = (n: number, bytes: number) => Array.from({ length: n }, (_, i) => ({ path: `f${i}.txt`, text: 'x'.repeat(bytes) }));
    expect(extraFaults(files(25, 2_000))).toEqual([]);
    expect(extraFaults(files(120, 1))).toEqual([`sg-judge/ holds 120 files of 120 bytes; at most ${KEPT_BOUNDS.extraFiles} files and 1048576 bytes (1 MiB) are kept with a problem.`]);
    expect(extraFaults(files(2, 600_000))).toEqual(['sg-judge/ holds 2 files of 1200000 bytes; at most 100 files and 1048576 bytes (1 MiB) are kept with a problem.']);
    expect(packageBytesFaults('x'.repeat(KEPT_BOUNDS.packageBytes + 1))).toHaveLength(1);
  });
});
