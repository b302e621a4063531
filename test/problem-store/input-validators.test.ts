import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePackage } from '../../server/package-format/export';
import { importPackage } from '../../server/problem-store';
import { getProblemHeader } from '../../server/storage/problems';
import { importWorkspace } from './import-workspace';
import { smallPackage } from './small-package';

/** The package's input validators run over every test input at import, in the format's contract. */
const { work, dataDir, compiler, sandboxP, db } = importWorkspace('sg-input-validators-');

let n = 0;
async function importFiles(change?: Parameters<typeof smallPackage>[0]) {
  const dir = writePackage({ slug: 'sum', files: smallPackage(change), testsFrom: 'database', testCount: 0 }, join(work, `p${++n}`));
  return importPackage(db, { path: dir }, { dataDir, as: `sum-${n}`, owner: null, compiler, sandbox: await sandboxP });
}

describe('input validators at import', () => {
  it('a validator that accepts every input: the import goes on, and says so', async () => {
    const r = await importFiles();
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(r.notes).toContain('1 input validator(s) accepted all 5 test inputs.');
  });

  it('inputs the validator refuses: refused with every file, the validator and its message, nothing stored', async () => {
    const r = await importFiles((f) => {
      f.set('data/secret/02-big.in', '1000000  1000000\n');
      f.set('data/sample/2.in', '5\n');
    });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.reasons).toEqual([
      'data/sample/2.in is invalid by the input validator input_validators/two-ints/validate.ts: not two integers on one line: "5\\n"',
      'data/secret/02-big.in is invalid by the input validator input_validators/two-ints/validate.ts: not two integers on one line: "1000000  1000000\\n"',
    ]);
    // Refused before any solution ran.
    expect(r.solutions).toEqual([]);
    expect(getProblemHeader(db, `sum-${n}`)).toBeUndefined();
  });

  it('validators in languages the judge does not run are kept, not run, and the import says so; so is one that loads other modules', async () => {
    const r = await importFiles((f) => {
      f.delete('input_validators/two-ints/validate.ts');
      f.set('input_validators/checker/Validate.java', 'class Validate { public static void main(String[] a) { System.exit(43); } }\n');
      f.set('input_validators/sg/validate.mts', "import { join } from 'node:path';\nprocess.exit(43);\n");
    });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(r.notes).toEqual(
      expect.arrayContaining([
        'The input validator input_validators/checker is kept, not run: it is Java.',
        'input_validators/sg/validate.mts loads other files or modules; the sandbox runs only validators that read their standard input alone: kept, not run.',
      ]),
    );
  });

  it('a validator that exits with neither 42 nor 43, or does not compile: refused with a sentence', async () => {
    const r = await importFiles((f) => {
      f.set('input_validators/two-ints/validate.ts', 'process.exit(0);\n');
      f.set('input_validators/broken/validate.ts', 'const x: number = "no";\n');
    });
    expect(r.ok ? [] : r.reasons).toEqual([
      expect.stringMatching(/^The input validator input_validators\/broken\/validate\.ts does not compile: /),
      'The input validator input_validators/two-ints/validate.ts exited with code 0 on data/sample/1.in, not 42 (valid) or 43 (invalid); it was not run on further inputs.',
    ]);
  });
});
