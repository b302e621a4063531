import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store/import';
import { readFacts } from '../../server/problem-store/kept-bounds';
import { checkStoredInput } from '../../server/problem-store/stored-input';
import { storedLack } from '../../server/http/stored-guard';
import { importBench } from '../helpers/import-bench';
import { smallPackage } from './small-package';

/**
 * A real package's accepted solutions are C++ and Python: the one judged AC at import is the
 * problem's reference, so a custom input and a saved test of it are answered (in the native
 * runner) instead of being refused as "a language the judge does not run".
 */
const { work, compiler, sandboxP, db } = importBench('sg-judge-test-native-ref-');

const SUM_CPP = '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const SUM_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

async function importAs(slug: string, change: (f: Map<string, string>) => void) {
  const files = smallPackage((f) => {
    f.delete('submissions/accepted/sum.ts');
    change(f);
  });
  const r = await importPackage(db, { zip: zipFiles(files.map((f) => ({ path: `${slug}/${f.path}`, data: f.data }))), fileName: `${slug}.zip` }, { dataDir: work, owner: null, compiler, sandbox: await sandboxP });
  if (!r.ok) throw new Error(r.reasons.join('\n'));
  return r;
}

describe('a C++ or Python reference of a stored problem', { timeout: 120_000 }, () => {
  it('answers custom inputs and saved tests with the accepted C++ solution judged AC at import', async () => {
    await importAs('sum-cpp', (f) => {
      f.set('submissions/accepted/sum.cpp', SUM_CPP);
      f.set('submissions/accepted/sum.py', SUM_PY);
    });
    expect(readFacts(db, 'sum-cpp')).toMatchObject({ referenceState: 'ok', referenceName: 'accepted/sum.cpp' });
    for (const use of ['invoke', 'input', 'stress'] as const) expect(storedLack(db, 'sum-cpp', use)?.id ?? null, use).toBe(use === 'stress' ? 'error.stored-no-generator' : null);
    expect(await checkStoredInput(db, 'sum-cpp', '40 2\n', true)).toEqual({ ok: true, expected: '42\n' });
  });

  it('takes Python when it is the only accepted language, and refuses one that was not judged AC', async () => {
    await importAs('sum-py', (f) => f.set('submissions/accepted/sum.py', SUM_PY));
    expect(readFacts(db, 'sum-py')).toMatchObject({ referenceState: 'ok', referenceName: 'accepted/sum.py' });
    expect(await checkStoredInput(db, 'sum-py', '-5 3\n', true)).toEqual({ ok: true, expected: '-2\n' });
    // A Java solution is kept, never run: no reference, and the sentence names it.
    await importAs('sum-java', (f) => f.set('submissions/accepted/Sum.java', 'class Sum {}\n'));
    expect(readFacts(db, 'sum-java')).toMatchObject({ referenceState: 'language', referenceName: 'accepted/Sum.java' });
    expect(storedLack(db, 'sum-java', 'invoke')?.id).toBe('error.stored-reference-language');
  });
});

describe('migration 54: problems stored before take their C++ or Python reference', () => {
  it('turns "language" into the accepted C++ solution judged AC, C++ before Python; one not judged AC stays off', () => {
    const file = join(work, 'old.db');
    const at = MIGRATIONS.findIndex((m) => m.version === 54);
    expect(at).toBeGreaterThan(0);
    const old = openDatabase(file);
    migrate(old, MIGRATIONS.slice(0, at));
    const sol = (name: string, language: string, got: string | null) => ({ folder: 'accepted', name, language, source: 'x', expected: 'AC', got, failedTest: null, tests: '.', maxTimeMs: 1, ok: true, note: null });
    const stored = { 'real-pkg': [sol('a.py', 'python', 'AC'), sol('b.cpp', 'cpp', 'AC')], 'never-run': [sol('c.cpp', 'cpp', null)] };
    for (const [slug, solutions] of Object.entries(stored)) {
      old.prepare(`INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES (?, ?, ?, '', 'x', 'x', 1000, 256, 'stored:old', 0)`).run(slug, slug, slug);
      old.prepare('INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES (?, NULL, 1, ?, NULL, 0)').run(slug, JSON.stringify({ format: 1, type: 'pass-fail', validation: 'default', solutions }));
      old.prepare("INSERT INTO stored_problem_facts (slug, interactive, reference_state, reference_name, has_generator) VALUES (?, 0, 'language', ?, 0)").run(slug, `accepted/${solutions[0]!.name}`);
    }
    old.close();
    const db = openDatabase(file, { migrate: true });
    expect(db.prepare('SELECT slug, reference_state AS state, reference_name AS name FROM stored_problem_facts ORDER BY slug').all()).toEqual([
      { slug: 'never-run', state: 'language', name: 'accepted/c.cpp' },
      { slug: 'real-pkg', state: 'ok', name: 'accepted/b.cpp' },
    ]);
    db.close();
  });
});

describe('C in a package', { timeout: 120_000 }, () => {
  it('a C output validator and a C accepted solution are run as C; the solution is the reference', async () => {
    const SUM_C = '#include <stdio.h>\nint main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }\n';
    // The format's calling convention: validator input answer feedback_dir < output; 42 accepted, 43 wrong.
    const VALIDATE_C = [
      '#include <stdio.h>',
      '#include <math.h>',
      'int main(int argc, char **argv) {',
      '  FILE *ans = fopen(argv[2], "r"); long long want, got;',
      '  if (!ans || fscanf(ans, "%lld", &want) != 1) return 1;',
      '  if (scanf("%lld", &got) != 1 || fabs((double)(got - want)) > 0.5) return 43;',
      '  return 42;',
      '}',
      '',
    ].join('\n');
    const r = await importAs('sum-c', (f) => {
      f.set('submissions/accepted/sum.c', SUM_C);
      f.set('output_validator/check.c', VALIDATE_C);
    });
    const rows = r.solutions.map((s) => [s.name, s.language, s.got]);
    expect(rows).toContainEqual(['sum.c', 'c', 'AC']);
    expect(rows).toContainEqual(['product.ts', 'typescript', 'WA']);
    expect(readFacts(db, 'sum-c')).toMatchObject({ referenceState: 'ok', referenceName: 'accepted/sum.c' });
    expect(await checkStoredInput(db, 'sum-c', '20 22\n', true)).toEqual({ ok: true, expected: '42\n' });
  });
});
