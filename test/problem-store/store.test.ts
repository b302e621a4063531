import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { exportPackage, writePackage } from '../../server/package-format/export';
import { importPackage, getStoredProblem, storedProblemsVersion } from '../../server/problem-store';
import { storedCaseLayout } from '../../server/problem-store/case-layouts';
import { caseLayoutOf } from '../../server/problems/case-layout';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
import { getProblemHeader, listProblems, listTests } from '../../server/storage/problems';
import { insertSubmission } from '../../server/storage/submissions';
import { failingTestHidden } from '../../server/http/failing-test-sight';
import { sayIn } from '../../server/text/messages';
import type { Response } from 'express';

const work = mkdtempSync(join(tmpdir(), 'sg-store-'));
const compiler = createCompiler();
const sandboxP = createSandbox();
afterAll(async () => {
  await compiler.close();
  await (await sandboxP).close();
  rmSync(work, { recursive: true, force: true });
});

describe('storing an imported package', () => {
  it('imports an exported built-in under another name: tests, statement, limits and the solution table', async () => {
    // Without its too-slow solutions (each costs a time limit): round-trip.test.ts runs those.
    const whole = await exportPackage('bash-game');
    const dir = writePackage({ ...whole, files: whole.files.filter((f) => !f.path.startsWith('submissions/time_limit_exceeded/')) }, join(work, 'out'));
    const db = openDatabase(join(work, 'judge.db'), { migrate: true });
    const before = storedProblemsVersion(db);
    const result = await importPackage(db, { path: dir }, { dataDir: work, as: 'rt-bash-game', owner: null, compiler, sandbox: await sandboxP });
    if (!result.ok) throw new Error(result.reasons.join('\n'));
    expect(result.slug).toBe('rt-bash-game');
    expect(result.solutions.every((r) => r.ok)).toBe(true);
    expect(result.solutions.map((r) => r.expected)).toContain('WA');
    expect(storedProblemsVersion(db)).toBe(before + 1);
    const header = getProblemHeader(db, 'rt-bash-game')!;
    expect(header.timeLimitMs).toBe(1000);
    expect(listProblems(db).map((p) => p.slug)).toContain('rt-bash-game');
    const exportedIns = readFileSync(join(dir, 'data/sample/1.in'), 'utf8');
    expect(listTests(db, 'rt-bash-game')[0]!.input).toBe(exportedIns);
    expect(getStoredProblem(db, 'rt-bash-game')!.data.checker).toEqual({ kind: 'tokens', options: { caseSensitive: true, spaceChangeSensitive: false, absoluteTolerance: null, relativeTolerance: null } });

    // sg-judge/case-layout.json read back: the stored copy names the failing case as bash-game does.
    expect(JSON.parse(readFileSync(join(dir, 'sg-judge/case-layout.json'), 'utf8'))).toEqual({ inputLinesPerCase: 1, answerLinesPerCase: 1 });
    expect(caseLayoutOf('rt-bash-game', (slug) => storedCaseLayout(db, slug))).toEqual({ inputLinesPerCase: 1, answerLinesPerCase: 1 });
    expect(storedCaseLayout(db, 'rt-nothing')).toBeUndefined();

    // The same name twice: refused, nothing changed.
    const again = await importPackage(db, { path: dir }, { dataDir: work, as: 'rt-bash-game', owner: null, compiler, sandbox: await sandboxP });
    expect(again.ok).toBe(false);
    expect(again.ok ? [] : again.reasons.join(' ')).toMatch(/already stored/);
    // A built-in's own name: refused (the export's folder is the format's short name, bashgame, so it is asked for by --as).
    const builtin = await importPackage(db, { path: dir }, { dataDir: work, as: 'bash-game', owner: null, compiler, sandbox: await sandboxP });
    expect(builtin.ok ? [] : builtin.reasons.join(' ')).toMatch(/built-in problem; import it under another name/);

    // A failing data/secret test stays the judge's for a student (the format's rule); a sample and the
    // teacher are shown as before (a built-in problem is no stored package: its tests are shown).
    const tests = listTests(db, 'rt-bash-game');
    const sampleIdx = tests.find((t) => t.kind === 'sample')!.idx;
    const secretIdx = tests.find((t) => t.label.startsWith('secret '))!.idx;
    const failing = (problem: string, idx: number) => {
      const id = insertSubmission(db, problem, 'x');
      db.prepare("UPDATE submissions SET status = 'done', verdict = 'WA', failed_test = ? WHERE id = ?").run(idx, id);
      return id;
    };
    const student = { locals: { viewer: { kind: 'account', id: 7, name: 'sam', displayName: 'Sam', role: 'student', via: 'session' } } } as unknown as Response;
    const teacher = { locals: { viewer: { kind: 'account', id: 8, name: 'tess', displayName: 'Tess', role: 'teacher', via: 'session' } } } as unknown as Response;
    const hidden = failingTestHidden(db, student, failing('rt-bash-game', secretIdx));
    expect(hidden && sayIn(hidden.note, 'en')).toBe(`Test ${secretIdx} is one of the problem package's secret tests: only its verdict and number are shown, as the package format keeps them the judge's.`);
    expect(hidden && sayIn(hidden.refusal, 'zh')).toBe(`测试点 ${secretIdx} 是题目包的保密测试：不提供它的文件。`);
    expect(failingTestHidden(db, teacher, failing('rt-bash-game', secretIdx))).toBeNull();
    expect(failingTestHidden(db, student, failing('rt-bash-game', sampleIdx))).toBeNull();
    db.close();
  });

  it('refuses a package whose accepted solution fails, with the reason, storing nothing', async () => {
    const dir = writePackage(await exportPackage('kiki'), join(work, 'broken'));
    const ans = join(dir, 'data/sample/1.ans');
    writeFileSync(ans, readFileSync(ans, 'utf8').replace(/\S+/, 'nonsense'));
    const db = openDatabase(join(work, 'judge2.db'), { migrate: true });
    const result = await importPackage(db, { path: dir }, { dataDir: work, as: 'rt-kiki', owner: null, compiler, sandbox: await sandboxP });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reasons.join('\n')).toMatch(/The accepted solution fast\.ts gets WA on test 1/);
    expect(getProblemHeader(db, 'rt-kiki')).toBeUndefined();
    expect(storedProblemsVersion(db)).toBe(0);
    db.close();
  });
});
