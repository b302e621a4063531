import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFinal, jobKindOf, JOB_KINDS, KINDS_BY_PRIORITY } from '../../server/queue/kinds/registry';
import { THREAD_RUNNERS } from '../../server/queue/kinds/thread-runners';
import { JOB_MESSAGE_TYPES, type JobKind } from '../../server/queue/protocol';
import { openDatabase } from '../../server/storage/db';

/** The registry of job kinds: one place per kind, and nothing about a kind left out of it. */
const kinds = Object.keys(JOB_KINDS) as JobKind[];
const dir = mkdtempSync(join(tmpdir(), 'sg-kinds-'));
const db = openDatabase(join(dir, 'judge.db'), { migrate: true });

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the registry of job kinds', () => {
  it('covers every kind on both sides: a record module and a judge-thread runner each', () => {
    expect(kinds.sort()).toEqual(['invocation', 'lab', 'mistake-map', 'problem-draft', 'problem-import', 'rejudge', 'sample-run', 'stress', 'submission']);
    for (const kind of kinds) {
      expect(JOB_KINDS[kind].kind, `${kind}'s module names another kind`).toBe(kind);
      expect(typeof THREAD_RUNNERS[kind], `${kind} has no thread runner`).toBe('function');
    }
    expect(Object.keys(THREAD_RUNNERS).sort()).toEqual(kinds.sort());
  });

  it('maps every message a judge thread sends about a job to exactly one kind', () => {
    for (const type of JOB_MESSAGE_TYPES) {
      const owners = kinds.filter((k) => JOB_KINDS[k].messages.includes(type));
      expect(owners, `message ${type}`).toHaveLength(1);
      expect(jobKindOf({ type, id: 1 } as never)).toBe(owners[0]);
    }
    // And no kind claims a message the protocol does not have.
    for (const kind of kinds) for (const type of JOB_KINDS[kind].messages) expect(JOB_MESSAGE_TYPES).toContain(type);
    expect(jobKindOf({ type: 'ready' })).toBeNull();
    expect(jobKindOf({ type: 'closed' })).toBeNull();
  });

  it('gives each kind one final message, which its internal error is', () => {
    for (const kind of kinds) {
      const k = JOB_KINDS[kind];
      expect(k.messages).toContain(k.final);
      const ie = k.internalError(7, 'judge error: test');
      expect(ie.type).toBe(k.final);
      expect(jobKindOf(ie)).toBe(kind);
      expect(isFinal(ie)).toBe(true);
      for (const type of k.messages.filter((t) => t !== k.final)) expect(isFinal({ type, id: 7 } as never)).toBe(false);
    }
  });

  it('keeps each kind in its own table of the migrated database, in one claim order', () => {
    const tables = kinds.map((k) => JOB_KINDS[k].table);
    expect(new Set(tables).size).toBe(kinds.length);
    for (const kind of kinds) {
      const { table, unfinished } = JOB_KINDS[kind];
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect(columns, table).toEqual(expect.arrayContaining(['id', 'status', 'attempts']));
      expect(() => db.prepare(`SELECT id FROM ${table} WHERE ${unfinished}`).all()).not.toThrow();
    }
    const priorities = KINDS_BY_PRIORITY.map((k) => k.priority);
    expect(new Set(priorities).size).toBe(kinds.length);
    // The short runs someone waits for at the editor come first among a person's own work.
    expect(KINDS_BY_PRIORITY.slice(0, 2).map((k) => k.kind)).toEqual(['sample-run', 'invocation']);
  });

  it('stores a lab job as a row the judge claims, and its end through the registry', async () => {
    const { insertLabJob, getLabJob } = await import('../../server/storage/lab-jobs');
    const { applyJobMessage, jobRecord } = await import('../../server/queue/job-records');
    const { SubmissionEvents } = await import('../../server/queue/events');
    const { queuedHeads } = await import('../../server/queue/queued-heads');
    const id = insertLabJob(db, { game: { kind: 'nim' }, to: 3 });
    expect(queuedHeads(db)).toEqual([expect.objectContaining({ kind: 'lab', id, person: '', long: true })]);
    const claimed = JOB_KINDS.lab.claimId(db, id);
    expect(claimed).toEqual({ id, attempts: 1 });
    expect(jobRecord(db, { kind: 'lab', id })).toEqual({ status: 'running', attempts: 1 });
    expect(applyJobMessage(db, new SubmissionEvents(), { type: 'lab-done', id, result: { result: null, error: 'The code crashed.' } })).toBe(true);
    expect(getLabJob(db, id)).toMatchObject({ status: 'failed', error: 'The code crashed.' });
    expect(jobRecord(db, { kind: 'lab', id })?.status).toBe('done');
  });
});
