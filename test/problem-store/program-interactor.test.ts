import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importPackage } from '../../server/problem-store';
import { exportProblem } from '../../server/problem-store/export';
import { classServer } from '../helpers/class-server';
import { importBench } from '../helpers/import-bench';
import type { RunningServer } from '../helpers/server';
import { GUESS_INTERACTOR_PY, GUESS_WRONG_PY, legacyGuessPy, legacyTwice, TESTLIB_INTERACTOR_H, testlibSums } from './interactor-fixtures';

/**
 * The format's interactors as programs (Python, C++ with a testlib-shaped header), each game in a
 * box of its own beside the player's: the solution table of each package plays every submission
 * (C++, Python, TypeScript players) against it. The format's verdict rule (problemtools, DOMjudge):
 * an interactor that fails is IE whatever the player did; a wrong answer it gives before the player
 * ended stands over the player's TLE; otherwise the player's own failure outranks its verdict.
 * Needs g++ and python3.
 */
const { work, compiler, sandboxP, db } = importBench('sg-program-interactor-');
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
});

const table = (r: { solutions: { folder: string; name: string; got: string | null; note: string | null }[] }) => r.solutions.map((s) => `${s.folder}/${s.name} ${s.got ?? s.note}`);
const noteOf = (r: { solutions: { name: string; note: string | null }[] }, name: string) => r.solutions.find((s) => s.name === name)?.note ?? '';

async function imported(dir: string) {
  return importPackage(db, { path: dir }, { dataDir: work, owner: null, compiler, sandbox: await sandboxP });
}

describe('interactors as the format writes them', { timeout: 120_000 }, () => {
  it('legacy, a Python interactor: every player judged against it, the validator-first rule, a failing interactor is IE; exported as it came', async () => {
    const r = await imported(legacyGuessPy(join(work, 'guesspy')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual([
      'accepted/binary.cc AC',
      'accepted/binary.py AC',
      'accepted/binary.ts AC',
      'wrong_answer/off.py WA',
      'wrong_answer/wrong-then-spin.py WA',
      'run_time_error/dies-at-once.py RE',
      'run_time_error/right-then-crash.py RE',
      'mixed/breaks-the-interactor.py IE',
    ]);
    // The student's words are the team message; the table (the teacher's) adds the judge message.
    expect(noteOf(r, 'off.py')).toMatch(/: that is not the number \(judgemessage\.txt: answered 8, but the number was 7\)$/);
    expect(noteOf(r, 'wrong-then-spin.py')).toMatch(/The interactor ended first with a wrong answer; the program then ended as TLE\. that is not the number/);
    expect(noteOf(r, 'breaks-the-interactor.py')).toMatch(/judge error: the interactor failed: the interactor output_validators\/guess exited with code 3, not 42 or 43/);

    const files = Object.fromEntries((await exportProblem('guesspy', db)).files.map((f) => [f.path, f.data.toString('utf8')]));
    expect(files['output_validator/guess/interactor.py']).toBe(GUESS_INTERACTOR_PY);
    expect(files['problem.yaml']).toMatch(/type: "?interactive"?/);
  });

  it('a testlib interactor (interactor.cpp with testlib.h, included as <testlib.h>): exit 0 AC, 1 WA with its sentence, 3 IE', async () => {
    const r = await imported(testlibSums(join(work, 'sums')));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(table(r)).toEqual(['accepted/sums.cpp AC', 'accepted/sums.py AC', 'wrong_answer/minus.py WA', 'mixed/fails-it.py IE']);
    expect(noteOf(r, 'minus.py')).toMatch(/wrong answer question 1: 1 \+ 2 is not -1/);
    expect(noteOf(r, 'fails-it.py')).toMatch(/the testlib interactor output_validator\/interactor failed \(exit code 3\): FAIL the interactor's own failure/);
    const files = Object.fromEntries((await exportProblem('sums', db)).files.map((f) => [f.path, f.data.toString('utf8')]));
    expect(files['output_validator/interactor/testlib.h']).toBe(TESTLIB_INTERACTOR_H);
  });

  it("a student's submission is judged against it on the server; the judge message (the number) is the teacher's, the team message the student's; an output validator's the same", async () => {
    // guesspy was imported above, into this data directory's database; twice (a Python output validator) too.
    const twice = await imported(legacyTwice(join(work, 'twice')));
    if (!twice.ok) throw new Error(twice.reasons.join('\n'));
    const started = await classServer(work, [
      ['add-teacher', 'tina'],
      ['add-student', 'sam'],
    ]);
    server = started.server;
    const [tina, sam] = started.people as [(typeof started.people)[0], (typeof started.people)[0]];
    const judged = async (problem: string, source: string) => {
      const posted = await sam.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem, source, language: 'python3' }) });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const { id } = (await posted.json()) as { id: number };
      let s: { status: string; verdict: string | null; failedTest: number | null };
      const deadline = Date.now() + 60_000;
      do {
        await new Promise((r) => setTimeout(r, 150));
        s = (await sam.json<typeof s>(`/api/submissions/${id}`)).body;
      } while (s.status !== 'done' && Date.now() < deadline);
      expect([s.verdict, s.failedTest]).toEqual(['WA', 1]);
      return { student: await (await sam.browser(`/submissions/${id}`)).text(), teacher: await (await tina.browser(`/submissions/${id}`)).text() };
    };
    const [game, checked] = await Promise.all([judged('guesspy', GUESS_WRONG_PY), judged('twice', 'print(int(input()) + 1)\n')]);
    // The output validator's: the team message escaped as text, the judge message the teacher's.
    for (const page of [checked.student, checked.teacher]) expect(page).toContain('not &lt;b&gt;twice&lt;/b&gt; n');
    expect(checked.teacher).toContain('expected 42, got 22');
    expect(checked.student).not.toContain('expected 42');
    const { student: studentPage, teacher: teacherPage } = game;
    // The sample's dialogue and the team message, for both; the judge message for the teacher alone.
    for (const page of [studentPage, teacherPage]) {
      expect(page).toContain('that is not the number');
      expect(page).toMatch(/&gt; \? 5\n&lt; &gt;/);
    }
    expect(teacherPage).toContain('answered 8, but the number was 7');
    expect(teacherPage).toContain("judgemessage.txt; students do not see it");
    expect(studentPage).not.toContain('but the number was');
    expect(studentPage).not.toContain('judgemessage.txt');
  });
});
