import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkListing, readProblemYaml } from '../../server/package-format/check';
import { formatVersionOf } from '../../server/package-format/layout';
import { draftTableFindings, folderFindings, importTableFindings, PARTS, type Finding } from '../../server/package-format/verify';
import { walkPackage } from '../../server/package-format/walk';
import { smallPackage } from '../problem-store/small-package';

/**
 * The verifier's parts (server/package-format/verify/): every finding says which part of the
 * problem it is about and how much it matters, and the format check, the import and a draft's
 * checks read their sentences from them.
 */
const work = mkdtempSync(join(tmpdir(), 'sg-verify-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function folder(name: string, change: (files: Map<string, string>) => void) {
  const dir = join(work, name);
  for (const f of smallPackage(change)) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.data);
  }
  const listing = walkPackage(dir);
  const yaml = readProblemYaml(listing, [])!;
  return { listing, yaml, version: formatVersionOf(yaml.problem_format_version)! };
}

const said = (found: Finding[]) => found.map((f) => `${f.part} ${f.severity}: ${f.text}`);

describe('the verifier', () => {
  it('names the part and severity of every finding of a package folder, strict for an export and tolerant for an import', () => {
    const view = folder('broken', (files) => {
      files.set('problem.yaml', files.get('problem.yaml')!.replace(/uuid: .*\n/, '') + 'colour: blue\n');
      files.delete('statement/problem.en.md');
      files.delete('statement/problem.zh.md');
      files.set('data/secret/notes.txt', 'x');
      files.delete('data/secret/03-mixed.ans');
      files.set('submissions/mixed/sum.ts', 'x');
      for (const f of [...files.keys()]) if (f.startsWith('input_validators/')) files.delete(f);
    });
    expect(said(folderFindings({ ...view, strict: true }))).toEqual([
      'config error: problem.yaml: "colour" is not a key of the 2023-07 format.',
      'config error: problem.yaml: uuid must be a UUID (the 2023-07 format requires one).',
      'statement error: statement/ holds no problem.<language>.md, .tex or .pdf.',
      'data error: data/secret/03-mixed.in has no 03-mixed.ans.',
      'data error: data/secret/notes.txt is not a file the format puts in test data.',
      'submissions error: submissions/mixed is not a folder the 2023-07 format knows (accepted, rejected, wrong_answer, time_limit_exceeded, run_time_error, brute_force).',
      'validators error: input_validators/ holds no validator.',
    ]);
    // An import does without what it can: those become notes; a test without its answer stays an error.
    const tolerant = folderFindings({ ...view, strict: false });
    expect(said(tolerant.filter((f) => f.severity === 'error'))).toEqual(['data error: data/secret/03-mixed.in has no 03-mixed.ans.']);
    expect(tolerant.map((f) => f.part)).toEqual(['config', 'config', 'data', 'data']);
    // The format check is these findings, as the faults and notes it always gave.
    expect(checkListing(view.listing, view.yaml, view.version, { strict: false })).toEqual({
      faults: ['data/secret/03-mixed.in has no 03-mixed.ans.'],
      notes: [
        'problem.yaml: "colour" is not a key of the 2023-07 format: ignored.',
        'problem.yaml: uuid must be a UUID (the 2023-07 format requires one): the judge does without.',
        'data/secret/notes.txt is not a file the format puts in test data: ignored.',
      ],
    });
    expect(PARTS).toEqual(['config', 'statement', 'validators', 'data', 'submissions']);
  });

  it("says what a solution table found: an import's failing accepted solution refuses it, a draft's every wrong verdict does", () => {
    const row = { folder: 'accepted', name: 'a.ts', expected: 'AC', got: 'WA' as const, failedTest: 3, ok: false, note: null };
    expect(said(importTableFindings([row, { ...row, folder: 'wrong_answer', name: 'w.ts', expected: 'WA', got: 'AC', failedTest: null }, { ...row, name: 'a.java', got: null, note: 'not judged: Java' }]))).toEqual([
      'submissions error: The accepted solution a.ts gets WA on test 3.',
      'submissions note: No accepted solution was judged here: the answers are taken as the package gives them.',
      'submissions warning: accepted/a.ts was expected to get AC but got WA.',
      'submissions warning: wrong_answer/w.ts was expected to get WA but got AC.',
      'submissions note: 1 submission(s) not judged: Java.',
    ]);
    expect(said(draftTableFindings([{ name: 'wrong_answer/w.ts', expected: 'WA', verdict: 'AC', failedTest: null }], false))).toEqual([
      'submissions error: wrong_answer/w.ts should get WA but passes every test: add a test it fails.',
      'submissions error: A draft needs a reference solution (accepted).',
    ]);
  });
});
