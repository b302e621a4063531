import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePackage } from '../../server/package-format/parse';
import { getProblem } from '../../server/storage/problems';
import { importBench, solutionLines } from '../helpers/import-bench';
import { floatThirds, legacyHalves, scoringGroups, testlibSplit, writeTree } from './format-fixtures';

/**
 * Packages in the shapes real archives have, imported as their authors meant: each format version
 * read by its own rules, the package's own C++ and Python programs run in the box in their calling
 * conventions, the default validator's float tolerance, scoring groups, links shared inside the
 * package and one leaving it. Needs g++ and python3 (the judge detects them as it starts).
 */
const { work, db, imported } = importBench('sg-format-packages-');

const table = solutionLines;

describe('packages from outside, as published', { timeout: 120_000 }, () => {
  it('legacy: no version or uuid, a LaTeX statement, a C++ checker with its header, links inside read and the one leaving never followed', async () => {
    const r = await imported(legacyHalves(join(work, 'halves')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual([
      'accepted/Half.java not judged: Java',
      'accepted/half.cc AC',
      'accepted/half.py AC',
      'wrong_answer/floor.py WA',
      'mixed/guess.py WA',
    ]);
    const notes = r.notes.join('\n');
    expect(notes).toMatch(/data\/secret\/evil\.in is a symbolic link to a file outside the package: never followed, left out/);
    expect(notes).toMatch(/1 file\(s\) lie loose in submissions\/ \(README\.txt\)/);
    expect(notes).toMatch(/Time limit: 1000 ms, computed as the format says: the slowest accepted submission took [\d.]+ ms, × 5/);
    expect(notes).toMatch(/1 submission\(s\) not judged: Java/);
    const problem = getProblem(db, 'halves')!;
    expect(problem.timeLimitMs).toBe(1000);
    expect(problem.statementEn).toContain('Given $n$, print $n / 2$.');
    expect(problem.statementEn).not.toContain('problemname');
    // The shared test is read through its link; the escaping one is not a test.
    const parsed = parsePackage(join(work, 'halves'));
    expect(parsed.ok && parsed.pkg.secret.map((t) => [t.name, t.input])).toEqual([['a', '10\n'], ['shared', '3\n']]);
  });

  it('an output validator that exits with neither 42 nor 43 is a judge error, never a wrong answer', async () => {
    const r = await imported(legacyHalves(join(work, 'halvesbroken'), '\n  return 7;'));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reasons.join('\n')).toMatch(/The accepted solution half\.cc gets IE on test 1 .*exited with code 7, not 42 or 43/);
  });

  it('2023-07: the default validator with a float tolerance from testdata.yaml, input validator arguments by group', async () => {
    const r = await imported(floatThirds(join(work, 'thirds')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/third.py AC', 'accepted/third.ts AC', 'wrong_answer/rounded.py WA']);
    expect(r.notes.join('\n')).toMatch(/1 input validator\(s\) accepted all 3 test inputs/);
    expect(getProblem(db, 'thirds')!.titleZh).toBe('三分之一');
    // The big group's own arguments are what let 5000 through: without them it is refused with the validator's sentence.
    const strict = writeTree(floatThirds(join(work, 'thirdsstrict')), { 'data/secret/big/testdata.yaml': 'input_validator_args: --max 100\n' });
    const refused = await imported(strict);
    expect(refused.ok ? '' : refused.reasons.join('\n')).toMatch(/data\/secret\/big\/1\.in is invalid by the input validator input_validators\/range\.py \(arguments --max 100\): n = 5000 is over 100/);
  });

  it('a testlib checker: checker.cpp with testlib.h beside it is one program, its exit codes read as testlib means them', async () => {
    const r = await imported(testlibSplit(join(work, 'split')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/one.cpp AC', 'wrong_answer/zero.py WA']);
    expect(r.solutions[1]!.note).toMatch(/wrong answer 0 and 5 are not both positive/);
  });

  it('scoring groups are judged pass/fail, said on the problem page; partially accepted is then not accepted', async () => {
    const r = await imported(scoringGroups(join(work, 'doubles')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/double.py AC', 'partially_accepted/small.ts WA']);
    expect(r.solutions[1]!.ok).toBe(true);
    expect(getProblem(db, 'doubles')!.statementEn).toMatch(/^> \*\*Judged pass\/fail here\.\*\* This problem gives points by test group/);
  });

  it('refuses with a sentence: a package without a single test case, a Java interactor, interactive multi-pass', async () => {
    const empty = writeTree(join(work, 'empty'), { 'problem.yaml': 'name: Empty\n', 'submissions/accepted/a.py': 'print(1)\n' });
    const e = await imported(empty);
    expect(e.ok ? '' : e.reasons.join('\n')).toMatch(/The package holds no test case: there is no \.in file under data\/sample\/ or data\/secret\//);
    const talk = writeTree(join(work, 'talk'), {
      'problem.yaml': 'problem_format_version: 2023-07-draft\nuuid: 3e0b4c8d-6f50-4b92-9dce-4f5a6b7c8d9e\nname: Talk\ntype: interactive\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
      'output_validator/Interactor.java': 'public class Interactor { public static void main(String[] a) { System.exit(42); } }\n',
      'submissions/accepted/a.py': 'print(input())\n',
    });
    const t = await imported(talk);
    expect(t.ok ? '' : t.reasons.join('\n')).toMatch(/The interactor is written in Java \(output_validator\/Interactor\.java\); interactors are imported as the format's programs in C\+\+ or Python/);
    const passes = writeTree(join(work, 'passes'), {
      'problem.yaml': 'name: Passes\nvalidation: custom interactive multi-pass\nlimits:\n  validation_passes: 3\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
      'output_validator/v.py': 'import sys\nsys.exit(42)\n',
    });
    const p = await imported(passes);
    expect(p.ok ? '' : p.reasons.join('\n')).toMatch(/An interactive multi-pass problem .* up to 3 passes\) cannot be judged here: multi-pass is run for non-interactive problems only/);
  });
});
