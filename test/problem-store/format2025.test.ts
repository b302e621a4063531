import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem, listTests } from '../../server/storage/problems';
import { gradedBy, judgingFor } from '../../server/judging/judging';
import { grade } from '../../server/judge/grader';
import { importBench, solutionLines } from '../helpers/import-bench';
import { writeTree } from './format-fixtures';
import { ANSWER_VALIDATOR, caseArgsSum, constantsCap, multiPassDoubling } from './format2025-fixtures';

/**
 * 2025-09 packages as BAPCtools writes them: multi-pass validation (the output validator's
 * nextpass.in run again, its feedback directory kept between passes), per-test-case .yaml
 * arguments merged with test_group.yaml, submissions.yaml's expectations, and constants. Needs
 * python3 (the judge detects it as it starts).
 */
const { work, compiler, sandboxP, db, imported } = importBench('sg-format2025-');

const table = solutionLines;

describe('2025-09 packages', { timeout: 120_000 }, () => {
  it('multi-pass: the submission runs again on nextpass.in, the feedback directory kept; the first failing pass decides', async () => {
    const r = await imported(multiPassDoubling(join(work, 'doubling')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/both.py AC', 'wrong_answer/always_double.py WA', 'wrong_answer/first_wrong.py WA', 'time_limit_exceeded/slow_second.py TLE']);
    const note = (name: string) => r.solutions.find((s) => s.name === name)!.note ?? '';
    // Pass 2 reads what pass 1 left in the feedback directory.
    expect(note('always_double.py')).toMatch(/^test 1 \(1\): pass 2: pass 2 gave 12, the first pass started from 3/);
    expect(note('first_wrong.py')).toMatch(/^test 1 \(1\): 4 is not twice 3/);
    expect(note('slow_second.py')).toMatch(/^test 1 \(1\): pass 2: /);
    expect(r.solutions.every((s) => s.ok)).toBe(true);
    // A student's submission to the stored problem is judged the same way (the stored checker keeps the passes).
    const judging = (await judgingFor(db, 'doubling', { compiler }))!;
    const tests = listTests(db, 'doubling').map((t) => ({ index: t.idx, input: t.input, expected: t.expected }));
    const graded = await grade({ source: 'w, n = input().split()\nprint(int(n) * 2)\n', language: 'python3', tests, ...gradedBy(judging) }, { compiler, sandbox: await sandboxP }).finally(() => judging.close());
    expect([graded.verdict, graded.failedTest, graded.tests[0]!.message]).toEqual(['WA', 1, 'pass 2: pass 2 gave 12, the first pass started from 3']);
  });

  it('multi-pass: a validator asking for more passes than limits.validation_passes is the judge error it is; interactive multi-pass is refused', async () => {
    const looping = multiPassDoubling(join(work, 'doublingloop'), '(feedback / "nextpass.in").write_text("halve 6\\n")');
    const r = await imported(looping);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reasons.join('\n')).toMatch(/The accepted solution both\.py gets IE on test 1 .*the output validator asked for pass 3, but the package allows 2 \(limits\.validation_passes\)/);
    const interactive = writeTree(multiPassDoubling(join(work, 'doublinginteractive')), { 'problem.yaml': 'problem_format_version: 2025-09\ntype: [interactive, multi-pass]\nname: Doubling\nuuid: 5d0b1a52-8a1c-4c39-9b0e-2f6f7b0c1d01\n' });
    const refused = await imported(interactive);
    expect(refused.ok ? '' : refused.reasons.join('\n')).toMatch(/An interactive multi-pass problem .* cannot be judged here: multi-pass is run for non-interactive problems only/);
  });
});

describe('2025-09 test case configuration and submissions.yaml', { timeout: 120_000 }, () => {
  it("each test's own .yaml gives its input validator arguments (then its args); submissions.yaml's rules judge the table", async () => {
    const r = await imported(caseArgsSum(join(work, 'sumtwo')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    const rows = r.solutions.map((s) => `${s.folder}/${s.name} ${s.got} ${s.tests} ${s.ok ? 'ok' : 'FAIL'} ${s.rules ?? s.expected}`);
    expect(rows).toEqual([
      'accepted/sum.py AC ... ok AC',
      // Past its first failure it runs on: secret/small must still be AC by its rule.
      'wrong_answer/small_only.py WA .W. ok permitted AC WA required WA; secret/small,secret/tiny: permitted AC; secret/big: required WA',
      'partial/liar.py AC ... FAIL permitted AC WA required WA',
      'partial/zero.py WA W-- ok permitted AC WA required WA',
    ]);
    const notes = r.notes.join('\n');
    expect(notes).toMatch(/1 input validator\(s\) accepted all 3 test inputs/);
    expect(notes).toMatch(/1 test case\(s\) give the submission command-line arguments \(args: secret\/big\)/);
    expect(notes).toMatch(/partial\/liar\.py does not meet submissions\.yaml's rules \(permitted AC WA required WA\): it got \.\.\./);
    expect(notes).not.toMatch(/does not name \(partial\)/);
  });

  it("without the test's own .yaml its group's arguments hold, and the input is refused; an accepted rule submissions.yaml breaks refuses the import", async () => {
    const grouped = caseArgsSum(join(work, 'sumtwogroup'), { 'data/secret/big.yaml': 'description: no arguments of its own\n' });
    const r = await imported(grouped);
    expect(r.ok ? '' : r.reasons.join('\n')).toMatch(/data\/secret\/big\.in is invalid by the input validator input_validators\/range\.py \(arguments --max 100\): 600 is over 100/);
    const strict = caseArgsSum(join(work, 'sumtwostrict'), { 'submissions/submissions.yaml': 'accepted/sum.py:\n  required: [WA]\n' });
    const s = await imported(strict);
    expect(s.ok ? '' : s.reasons.join('\n')).toMatch(/The accepted solution sum\.py gets AC/);
  });
});

describe('2025-09 constants', { timeout: 60_000 }, () => {
  it('{{NAME}} is its value in the statement, the validator, the submissions and test_group.yaml; an unknown one stays', async () => {
    const r = await imported(constantsCap(join(work, 'cap')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/word.py AC', 'wrong_answer/literal.py WA']);
    expect(r.notes.join('\n')).toMatch(/problem\.yaml gives 3 constant\(s\)/);
    expect(r.notes.join('\n')).toMatch(/1 input validator\(s\) accepted all 2 test inputs/);
    expect(getProblem(db, 'cap')!.statementEn).toContain('Given $n \\le 50$ (below $10^2$), print the word capped; {{UNKNOWN}} stays.');
  });

  it("BAPCtools' answer validators check every .ans with the input as argument; solution/ is kept out with a note", async () => {
    const ok = await imported(writeTree(constantsCap(join(work, 'capanswers')), { 'answer_validators/word.py': ANSWER_VALIDATOR, 'solution/solution.en.tex': 'Print it.\n' }));
    if (!ok.ok) throw new Error(ok.reasons.join('\n'));
    expect(ok.notes.join('\n')).toMatch(/1 answer validator\(s\) accepted all 2 test answers/);
    expect(ok.notes.join('\n')).toMatch(/solution\/ holds the solution description/);
    const bad = await imported(writeTree(constantsCap(join(work, 'capbadanswer')), { 'answer_validators/word.py': ANSWER_VALIDATOR, 'data/secret/1.ans': 'capping\n' }));
    expect(bad.ok ? '' : bad.reasons.join('\n')).toMatch(/data\/secret\/1\.ans is invalid by the answer validator answer_validators\/word\.py/);
  });
});

describe('a validator whose header is not in the package', { timeout: 60_000 }, () => {
  it('is refused naming the header, not only with the compiler error', async () => {
    const dir = writeTree(
      constantsCap(join(work, 'capheader')),
      { 'input_validators/v/v.cpp': '#include "validation.h"\nint main() { return 42; }\n' },
      // BAPCtools' problems link their validation.h to a folder outside the package.
      { 'input_validators/v/validation.h': '../../../../elsewhere/validation.h' },
    );
    const r = await imported(dir);
    expect(r.ok ? '' : r.reasons.join('\n')).toMatch(/The input validator input_validators\/v does not compile: the header validation\.h it includes is not in the package \(a symbolic link to a file outside the package is never followed/);
  });
});
