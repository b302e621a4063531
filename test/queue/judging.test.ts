import { describe, expect, it } from 'vitest';
import { judgingFor } from '../../server/judging/judging';
import { importPackage } from '../../server/problem-store';
import { CASE_LAYOUTS } from '../../server/problems/case-layout';
import { runInvocationJob } from '../../server/queue/invocation-job';
import type { ThreadContext } from '../../server/queue/kinds/thread-runners';
import { runMistakeMapJob } from '../../server/queue/mistake-map-job';
import type { FromThread } from '../../server/queue/protocol';
import { runSampleRunJob } from '../../server/queue/sample-run-job';
import { runStressJob } from '../../server/queue/stress-job';
import { runSubmissionJob } from '../../server/queue/submission-job';
import { insertInvocation } from '../../server/storage/invocations';
import { insertMistakeMap } from '../../server/storage/mistake-maps';
import { saveImportedProblem } from '../../server/storage/problems';
import { insertSampleRun } from '../../server/storage/sample-runs';
import { insertStressRun } from '../../server/storage/stress-runs';
import { insertSubmission } from '../../server/storage/submissions';
import { AC, guessPackage, WRONG } from '../helpers/guess-number-package';
import { importBench } from '../helpers/import-bench';

/**
 * One problem, one way to judge it (server/judging/judging.ts): every job kind, run as a judge
 * thread runs it on a real database, compiler and sandbox, judges a problem under the same limits,
 * check and interactor. An imported interactive package's game is played alike by a submission, a
 * sample run and a custom invocation (the invocation used to compare outputs instead, which an
 * interactive problem answers with IE); a built-in problem's stored header limits, not its
 * package's, reach a stress run and a mistake map as they reach a submission.
 */
const { work, compiler, sandboxP, db } = importBench('sg-judging-');

async function context(sent: FromThread[] = []): Promise<ThreadContext> {
  const sandbox = await sandboxP;
  return { db, compiler, sandbox, sandboxes: () => [sandbox], send: (m) => sent.push(m), yieldAsked: () => false };
}

/** E&D's fast reference, computing about 0.4 s of CPU first on an input matching `slowOn`. */
const edSolution = (slowOn: string) => `import { readFileSync } from 'node:fs';
const input = readFileSync(0, 'utf8');
let spin = 0;
if (${slowOn}.test(input)) for (let i = 0; i < 4e7; i++) spin = (spin * 31 + i) | 0;
if (spin === 7) console.log('');
const t = input.trim().split(/\\s+/).map(Number);
let at = 1;
const out: string[] = [];
for (let c = 0; c < t[0]!; c++) {
  const n = t[at++]!;
  let x = 0;
  for (let i = 0; i < n; i += 2) {
    let v = (t[at++]! - 1) | (t[at++]! - 1);
    let sg = 0;
    while (v & 1) { v >>>= 1; sg++; }
    x ^= sg;
  }
  out.push(x ? 'YES' : 'NO');
}
console.log(out.join('\\n'));
`;

describe('every job kind judges a problem by its one judging', { timeout: 60_000 }, () => {
  it('plays an imported interactive problem alike in a submission, a sample run and a custom invocation', async () => {
    const imported = await importPackage(db, { zip: guessPackage('guess-number') }, { dataDir: work, owner: null, compiler, sandbox: await sandboxP });
    if (!imported.ok) throw new Error(imported.reasons.join('\n'));
    const judging = await judgingFor(db, 'guess-number', { compiler });
    expect([judging?.shape, judging?.limits, judging?.interactor !== undefined, judging?.layout]).toEqual(['imported', { timeMs: 1000, memoryMb: 256 }, true, null]);
    await judging?.close();

    const sent: FromThread[] = [];
    await runSubmissionJob(insertSubmission(db, 'guess-number', WRONG), await context(sent));
    const done = sent.find((m) => m.type === 'done');
    expect(done?.type === 'done' && [done.result.verdict, done.result.failedTest]).toEqual(['WA', 1]);
    const first = sent.flatMap((m) => (m.type === 'progress' ? m.results : [])).find((t) => t.idx === 1);
    expect(first?.message).toBe('answered 8, but the number was 7');

    const samples = await runSampleRunJob(insertSampleRun(db, 'guess-number', WRONG, 'typescript'), await context());
    expect(samples.samples.map((s) => [s.verdict, s.message])).toEqual([['WA', 'answered 8, but the number was 7']]);

    // The sample's input typed as a custom input: the same game, the same verdict, sentence and dialogue.
    const invoked = await runInvocationJob(insertInvocation(db, 'guess-number', WRONG, '10 7\n'), await context());
    expect([invoked.verdict, invoked.message, invoked.expected]).toEqual(['WA', 'answered 8, but the number was 7', null]);
    expect(invoked.output).toBe(samples.samples[0]!.output);
    expect(invoked.output).toMatch(/^< 10\n> \? 5\n< >\n/);
    const right = await runInvocationJob(insertInvocation(db, 'guess-number', AC, '1000 1\n'), await context());
    expect([right.verdict, right.message]).toEqual(['AC', 'found 1 in 9 questions']);
  });

  it("runs a built-in problem under its stored header's limits in every job kind, stress runs and mistake maps too", async () => {
    // E&D as stored with a 100 ms limit (its package says 1000 ms): a program spending about
    // 0.4 s on "40 40" passes under the package's limit and exceeds the stored one.
    saveImportedProblem(
      db,
      { slug: 'ed', titleEn: 'E&D', titleZh: 'E&D', source: '', statementEn: '', statementZh: '', timeLimitMs: 100, memoryLimitMb: 256, contentHash: 'test' },
      [{ kind: 'sample', label: 'sample 1', input: '1\n2\n40 40\n', expected: 'YES\n' }],
    );
    const judging = await judgingFor(db, 'ed', { compiler });
    expect([judging?.shape, judging?.limits, judging?.check, judging?.interactor, judging?.layout]).toEqual(['built-in', { timeMs: 100, memoryMb: 256 }, undefined, undefined, CASE_LAYOUTS.ed]);
    await judging?.close();
    const slowOn40 = edSolution('/40 40/');
    // Stopped at 100 ms of CPU time (or, on a machine too busy to give it that in time, by the wall-clock net).
    const stopped = /Time limit exceeded: the program (ran for more than 100 ms of CPU time|was stopped after \d+ ms of wall time)/;

    const sent: FromThread[] = [];
    await runSubmissionJob(insertSubmission(db, 'ed', slowOn40), await context(sent));
    const done = sent.find((m) => m.type === 'done');
    expect(done?.type === 'done' && done.result.verdict).toBe('TLE');
    expect(sent.flatMap((m) => (m.type === 'progress' ? m.results : []))[0]?.message).toMatch(stopped);
    const samples = await runSampleRunJob(insertSampleRun(db, 'ed', slowOn40, 'typescript'), await context());
    expect(samples.samples.map((s) => s.verdict)).toEqual(['TLE']);
    const invoked = await runInvocationJob(insertInvocation(db, 'ed', slowOn40, '1\n2\n40 40\n'), await context());
    expect([invoked.verdict, invoked.expected]).toEqual(['TLE', 'YES\n']);
    expect(invoked.message).toMatch(stopped);

    // The map's last file holds (40, 40): its 20 states are "?", every other state answered right.
    const map = await runMistakeMapJob(insertMistakeMap(db, { problem: 'ed', source: slowOn40, language: 'typescript', submission: null, owner: null, requester: '' }), await context());
    expect(map.result.error).toBeNull();
    const got = map.result.got!;
    expect(got.slice(-20)).toBe('?'.repeat(20));
    expect(got.slice(0, -20)).toBe(map.result.truth!.slice(0, -20));

    const stress = insertStressRun(db, { problem: 'ed', source: edSolution('/^/'), cases: 1, size: 'tiny', seed: 1 });
    const sandbox = await sandboxP;
    const run = await runStressJob(stress, { db, compiler, sandboxes: [sandbox], progress: () => {} });
    expect('result' in run && [run.result, run.counterexample?.verdict]).toEqual(['failed', 'TLE']);
    expect('result' in run && run.counterexample?.message).toMatch(stopped);
  });
});
