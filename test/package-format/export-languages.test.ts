import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePackage, type ExportedPackage } from '../../server/package-format/export';
import { importPackage } from '../../server/problem-store';
import { exportProblem } from '../../server/problem-store/export';
import { openDatabase } from '../../server/storage/db';
import { importBench } from '../helpers/import-bench';
import { smallPackage } from '../problem-store/small-package';

/**
 * An imported package's submissions in C++ and Python are exported back into their folders under
 * their own names, byte for byte (a program of several files as its folder), and the package
 * imported again judges them alike. Needs g++ and python3 (the import detects them).
 */
const { work, compiler, sandboxP, db } = importBench('sg-export-languages-');

const SUM_CPP = '#include <bits/stdc++.h>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';
const SUM_PY = 'import sys\na, b = map(int, sys.stdin.buffer.read().split())\nsys.stdout.write(f"{a + b}\\n")\n';
// The same name as the accepted one, in another folder: each keeps its own source.
const PRODUCT_CPP = '#include <cstdio>\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a * b); }\n';
const SPLIT_MAIN = '#include "op.h"\n#include <cstdio>\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", op(a, b)); }\n';
const SPLIT_H = 'inline long long op(long long a, long long b) { return a - b; }\n';

const SUBMISSIONS: Record<string, string> = {
  'submissions/accepted/sum.cpp': SUM_CPP,
  'submissions/accepted/sum.py': SUM_PY,
  'submissions/wrong_answer/sum.cpp': PRODUCT_CPP,
  'submissions/wrong_answer/split/main.cpp': SPLIT_MAIN,
  'submissions/wrong_answer/split/op.h': SPLIT_H,
};

const asText = (p: ExportedPackage) => Object.fromEntries(p.files.map((f) => [f.path, f.data.toString('utf8')]));
const table = (rows: { folder: string; name: string; language: string; got: string | null; note: string | null }[]) =>
  rows.map((r) => `${r.folder}/${r.name} ${r.language} ${r.got ?? r.note}`);

describe('the export of C++ and Python submissions', { timeout: 120_000 }, () => {
  it('writes them back into their folders by their names, and import → export → import judges them alike', async () => {
    const files = smallPackage((f) => {
      for (const path of [...f.keys()]) if (path.startsWith('submissions/')) f.delete(path);
      for (const [path, text] of Object.entries(SUBMISSIONS)) f.set(path, text);
    });
    const options = { dataDir: work, owner: null, compiler, sandbox: await sandboxP };
    const first = await importPackage(db, { path: writePackage({ slug: 'sum', files, testsFrom: 'database', testCount: 0 }, join(work, 'in')) }, { ...options, as: 'sum-one' });
    if (!first.ok) throw new Error(first.reasons.join('\n'));
    expect(table(first.solutions)).toEqual([
      'accepted/sum.cpp cpp AC',
      'accepted/sum.py python AC',
      'wrong_answer/split cpp not judged: C++ in 2 files (the judge compiles one file)',
      'wrong_answer/sum.cpp cpp WA',
    ]);

    const exported = await exportProblem('sum-one', db);
    const written = asText(exported);
    const submissions = Object.fromEntries(Object.entries(written).filter(([path]) => path.startsWith('submissions/')));
    expect(submissions).toEqual(SUBMISSIONS);

    // A second judge (its own database) imports the export: the same table, and the same files again.
    const other = openDatabase(join(work, 'other.db'), { migrate: true });
    try {
      const second = await importPackage(other, { path: writePackage(exported, join(work, 'out')) }, { ...options, as: 'sum-two' });
      if (!second.ok) throw new Error(second.reasons.join('\n'));
      expect(table(second.solutions)).toEqual(table(first.solutions));
      expect(second.solutions.map((r) => r.tests)).toEqual(first.solutions.map((r) => r.tests));
      const again = Object.fromEntries(Object.entries(asText(await exportProblem('sum-two', other))).filter(([path]) => path.startsWith('submissions/')));
      expect(again).toEqual(SUBMISSIONS);
    } finally {
      other.close();
    }
  });
});
