import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mirrorJob, snapshotJob } from '../../server/distributed/job-payload';
import { JOB_KINDS } from '../../server/queue/kinds/registry';
import { PersonTurns, type Head } from '../../server/queue/person-turns';
import { queuedHeads } from '../../server/queue/queued-heads';
import { claimRejudgeItem, finishRejudgeItem, getRejudge, REJUDGE_CHUNK, startRejudge, verdictHistory, type RejudgeOutcome } from '../../server/rejudge/store';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getSubmission, listSubmissionTests } from '../../server/storage/submissions';
import { standings } from '../../server/storage/standings';
import { said } from '../../server/text/messages';
import { removeDataDir, startServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * Rejudges below the HTTP layer (a real SQLite file): the migration from the schema before them,
 * one rejudge per scope, items made a chunk at a time, the old verdict kept until the new one is
 * stored, the queue's rule that any other waiting job goes first; then on the real judge, a rejudge
 * a killed process left half done finishes after the restart.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-rejudge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROBLEM = "INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'old-hash', 0)";
const judgedAs = (verdict: string): RejudgeOutcome => ({
  final: { verdict: verdict as never, failedTest: verdict === 'AC' ? null : 1, timeMs: 3, memoryKb: 100, compileOutput: null },
  tests: [
    verdict === 'AC'
      ? { idx: 1, verdict: 'AC', timeMs: 3, memoryKb: 100, exitCode: 0, message: null }
      : { idx: 1, verdict: verdict as never, timeMs: 3, memoryKb: 100, exitCode: 0, message: 'token 1 differs: expected "Yes", found "No"', said: said('checker.token-differs', 1, 'Yes', 'No') },
  ],
  texts: [],
});

/** A database at the schema just before rejudges, with judged submissions (stale verdicts). */
function olderDatabase(file: string, submissions: [source: string, verdict: string][]): void {
  const db = openDatabase(file);
  const before = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE rejudges'));
  migrate(db, MIGRATIONS.slice(0, before));
  expect(schemaVersion(db)).toBe(MIGRATIONS[before - 1]!.version);
  db.prepare(PROBLEM).run();
  const insert = db.prepare("INSERT INTO submissions (problem, source, status, verdict, time_ms, memory_kb, created_at, finished_at, client) VALUES ('nim', ?, 'done', ?, 5, 100, 1, 2, '127.0.0.1')");
  for (const [source, verdict] of submissions) insert.run(source, verdict);
  db.close();
}

describe('rejudge storage', () => {
  const file = join(dir, 'judge.db');
  olderDatabase(file, Array.from({ length: REJUDGE_CHUNK + 5 }, (_, i) => [`source ${i}`, 'AC']));
  const db = openDatabase(file, { migrate: true });
  afterAll(() => db.close());

  it('migrates a database written before rejudges and keeps its submissions', () => {
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(getSubmission(db, 1)).toMatchObject({ verdict: 'AC', status: 'done' });
  });

  it('runs one rejudge per scope at a time, its items a chunk at a time, and keeps before → after', () => {
    const started = startRejudge(db, { problem: 'nim' }, null, 1000);
    expect('id' in started).toBe(true);
    const id = (started as { id: number }).id;
    expect(startRejudge(db, { problem: 'nim' }, null)).toEqual({ conflict: id });
    // Another scope is another rejudge.
    const single = startRejudge(db, { submission: 3 }, null);
    expect(single).toEqual({ id: id + 1 });
    expect(getRejudge(db, id)).toMatchObject({ status: 'running', done: 0, total: REJUDGE_CHUNK + 5, changed: [] });
    const items = () => db.prepare("SELECT id, submission FROM rejudge_items WHERE rejudge = ? AND status <> 'done' ORDER BY id").all(id) as { id: number; submission: number }[];
    expect(items()).toHaveLength(REJUDGE_CHUNK);

    // Claimed and judged: the submission keeps AC until the new verdict is stored.
    const first = items()[0]!;
    expect(claimRejudgeItem(db, first.id)).toEqual({ id: first.id, attempts: 1 });
    expect(getSubmission(db, first.submission)?.verdict).toBe('AC');
    // The class table was read before (its kept tries): the writer of the result refreshes it, no router needed.
    db.prepare("INSERT INTO accounts (id, name, role, password_hash, created_at) VALUES (77, 'ria', 'student', 'x', 0)").run();
    db.prepare('UPDATE submissions SET owner = 77 WHERE id = ?').run(first.submission);
    const riasCell = () => standings(db, ['nim'], { only: 77 })[0]!.cells[0];
    expect(riasCell()).toMatchObject({ state: 'solved', tries: 0 });
    expect(finishRejudgeItem(db, first.id, judgedAs('WA'), null)).toMatchObject({ submission: first.submission, verdict: 'WA' });
    expect(getSubmission(db, first.submission)).toMatchObject({ verdict: 'WA', failedTest: 1 });
    expect(riasCell()).toMatchObject({ state: 'tried', tries: 1 });
    // Stored through the first judging's writer: the message keeps its id, so a Chinese page says it in Chinese.
    expect(listSubmissionTests(db, first.submission)[0]).toMatchObject({ verdict: 'WA', messageSaid: { id: 'checker.token-differs', args: ['1', 'Yes', 'No'] } });
    expect(verdictHistory(db, first.submission)).toEqual([expect.objectContaining({ rejudge: id, before: 'AC', after: 'WA' })]);
    // The next chunk's first item came in as one finished: still REJUDGE_CHUNK open.
    expect(items()).toHaveLength(REJUDGE_CHUNK);
    // The judge failing on one: the submission keeps its verdict, the rejudge counts it as failed.
    const second = items()[0]!;
    expect(finishRejudgeItem(db, second.id, null, 'judge error: test')).toBeNull();
    expect(getSubmission(db, second.submission)?.verdict).toBe('AC');
    for (const item of items()) finishRejudgeItem(db, item.id, judgedAs('AC'), null);
    for (const item of items()) finishRejudgeItem(db, item.id, judgedAs('AC'), null);
    expect(getRejudge(db, id)).toMatchObject({ status: 'done', done: REJUDGE_CHUNK + 5, failed: 1, changed: [{ submission: first.submission, before: 'AC', after: 'WA' }] });
    // Finished, the scope can be rejudged again.
    expect('id' in startRejudge(db, { problem: 'nim' }, null)).toBe(true);
  });

  it('copies an item to a judge worker as one row that its judge thread can claim', () => {
    const worker = openDatabase(join(dir, 'worker.db'), { migrate: true });
    try {
      worker.prepare(PROBLEM).run();
      const item = db.prepare("SELECT id FROM rejudge_items WHERE status = 'queued' ORDER BY id LIMIT 1").get() as { id: number };
      const payload = snapshotJob(db, 'rejudge', item.id)!;
      expect(payload).toMatchObject({ kind: 'rejudge', problem: 'nim', packageHash: 'old-hash' });
      mirrorJob(worker, payload);
      expect(JOB_KINDS.rejudge.claimId(worker, item.id)).toEqual({ id: item.id, attempts: 1 });
      expect(worker.prepare('SELECT source FROM rejudge_items WHERE id = ?').get(item.id)).toEqual({ source: expect.stringMatching(/^source \d+$/) });
    } finally {
      worker.close();
    }
  });

  it('puts a rejudge item behind every other waiting job, however long ago its turn was', () => {
    const heads = queuedHeads(db);
    expect(heads.find((h) => h.kind === 'rejudge')).toMatchObject({ background: true });
    const turns = new PersonTurns();
    const rejudge: Head = { kind: 'rejudge', id: 1, person: 'rejudge:1', priority: 6, long: false, background: true };
    const submission: Head = { kind: 'submission', id: 9, person: 'account:2', priority: 2, long: false };
    const stress: Head = { kind: 'stress', id: 4, person: 'account:3', priority: 4, long: true };
    turns.served(submission);
    // The submission's person was served last; the rejudge never was. The submission still goes first.
    expect(turns.choose({ heads: [rejudge, submission], running: new Map(), runningCap: 1, longAllowed: true })).toBe(submission);
    // A long job that may not take the thread now does not hold the rejudge back; nothing else waiting, it goes.
    expect(turns.choose({ heads: [rejudge, stress], running: new Map(), runningCap: 1, longAllowed: false })).toBe(rejudge);
    expect(turns.choose({ heads: [rejudge, stress], running: new Map(), runningCap: 1, longAllowed: true })).toBe(stress);
  });
});

describe('a rejudge interrupted by a kill', { timeout: 300_000 }, () => {
  it('resumes when the judge starts again and lists the verdicts that changed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sg-rejudge-server-'));
    // Stale verdicts, as before a test changed: the accepted program stored as WA, the wrong one as AC.
    olderDatabase(join(dataDir, 'judge.db'), [
      [acceptedNim(), 'WA'],
      [ALWAYS_NO, 'AC'],
    ]);
    const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
    const { id } = startRejudge(db, { problem: 'nim' }, null) as { id: number };
    // The process died with the first item on a judge thread.
    const first = db.prepare('SELECT id FROM rejudge_items WHERE rejudge = ? ORDER BY id LIMIT 1').get(id) as { id: number };
    claimRejudgeItem(db, first.id);
    db.close();
    const server = await startServer({ dataDir, workers: 1 });
    try {
      expect(server.logs()).toContain('put 1 rejudge(s) interrupted by the last shutdown back in the queue');
      let r: { status: string; done: number; total: number; changed: unknown[] } | undefined;
      for (let i = 0; i < 600 && r?.status !== 'done'; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 150));
        r = (await (await fetch(`${server.url}/api/rejudge/${id}`)).json()) as typeof r;
      }
      expect(r).toMatchObject({ status: 'done', done: 2, total: 2, changed: [{ submission: 1, before: 'WA', after: 'AC' }, { submission: 2, before: 'AC', after: 'WA' }] });
      const sub = (await (await fetch(`${server.url}/api/submissions/2`)).json()) as { verdict: string; failedTest: number };
      expect(sub).toMatchObject({ verdict: 'WA', failedTest: 1, rejudged: [{ rejudge: id, before: 'AC', after: 'WA' }] });
      // The submission's page keeps the old verdict in a line of its history.
      expect(await (await fetch(`${server.url}/submissions/2`)).text()).toMatch(/<p class="hint rejudged">Rejudged [^<]+: AC → WA<\/p>/);
      // The rejudge's page lists the same, before → after.
      const page = await (await fetch(`${server.url}/rejudge/${id}`)).text();
      expect(page).toMatch(/#1<\/a><\/td><td>nim<\/td><td><\/td><td>WA<\/td><td>AC<\/td>/);
      // The problem's page (local mode: the one person is the teacher) has the button and the last one's state.
      const problemPage = await (await fetch(`${server.url}/problems/nim`)).text();
      expect(problemPage).toContain('<input type="hidden" name="problem" value="nim"><button type="submit">Rejudge every submission of this problem</button>');
      expect(problemPage).toMatch(new RegExp(`<a href="/rejudge/${id}">Rejudge ${id}</a>: done, 2 / 2 · 2 verdicts changed`));
      // The submission's page has its own button (the one person of local mode is the teacher).
      expect(await (await fetch(`${server.url}/submissions/2`)).text()).toContain('<input type="hidden" name="submission" value="2"><button type="submit">Rejudge this submission</button>');
      // A rejudge naming nothing is a sentence.
      const bad = await fetch(`${server.url}/api/rejudge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'A rejudge names exactly one of "problem" (a slug), "contest" or "submission" (ids).']);
    } finally {
      await server.stop();
      removeDataDir(dataDir);
    }
  });
});
