import type { LanguageId } from '../languages/registry';
import type { Verdict } from '../judge/verdicts';
import { prepared, type Db } from './db';
import { saidOf, type Said } from '../text/messages';

export type InvocationStatus = 'queued' | 'running' | 'done';

export interface InvocationRow {
  id: number;
  problem: string;
  source: string;
  language: LanguageId;
  input: string;
  status: InvocationStatus;
  verdict: Verdict | null;
  output: string | null;
  expected: string | null;
  stderr: string | null;
  message: string | null;
  compileOutput: string | null;
  exitCode: number | null;
  timeMs: number | null;
  memoryKb: number | null;
  attempts: number;
  createdAt: number;
  finishedAt: number | null;
  /** Who ran it (accounts mode); null in local mode. */
  owner: number | null;
}

const COLUMNS = `id, problem, source, language, input, status, verdict, output, expected, stderr, message, compile_output AS compileOutput,
  exit_code AS exitCode, time_ms AS timeMs, memory_kb AS memoryKb, attempts, created_at AS createdAt, finished_at AS finishedAt, owner`;

export function insertInvocation(db: Db, problem: string, source: string, input: string, language: LanguageId = 'typescript', owner: number | null = null, client = ''): number {
  const row = prepared(db, 'INSERT INTO invocations (problem, source, input, language, created_at, owner, client) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .get(problem, source, input, language, Date.now(), owner, client) as { id: number };
  return row.id;
}

export function getInvocation(db: Db, id: number): InvocationRow | undefined {
  return prepared(db, `SELECT ${COLUMNS} FROM invocations WHERE id = ?`).get(id) as InvocationRow | undefined;
}

/**
 * The stored message as an id and arguments (migration 39), apart from the row so the API's JSON
 * stays as it was; null for rows from before it and for messages that are none of the ids.
 */
export function invocationMessageSaid(db: Db, id: number): Said | null {
  const row = prepared(db, 'SELECT message_said AS s FROM invocations WHERE id = ?').get(id) as { s: string | null } | undefined;
  return row?.s ? saidOf(JSON.parse(row.s)) : null;
}

export function claimNextInvocation(db: Db, only: number | null = null): { id: number; attempts: number } | undefined {
  return prepared(
    db,
    `UPDATE invocations SET status = 'running', attempts = attempts + 1
     WHERE id = (SELECT id FROM invocations WHERE status = 'queued' AND (? IS NULL OR id = ?) ORDER BY id LIMIT 1)
     RETURNING id, attempts`,
  ).get(only, only) as { id: number; attempts: number } | undefined;
}

export interface InvocationResult {
  verdict: Verdict;
  output: string | null;
  expected: string | null;
  stderr: string | null;
  message: string | null;
  /** The message as an id and arguments, when it is one. */
  said?: Said | null;
  compileOutput: string | null;
  exitCode: number | null;
  timeMs: number | null;
  memoryKb: number | null;
}

export function finishInvocation(db: Db, id: number, r: InvocationResult): void {
  prepared(
    db,
    `UPDATE invocations SET status = 'done', verdict = ?, output = ?, expected = ?, stderr = ?, message = ?, message_said = ?, compile_output = ?,
       exit_code = ?, time_ms = ?, memory_kb = ?, finished_at = ? WHERE id = ?`,
  ).run(
    r.verdict,
    r.output,
    r.expected,
    r.stderr,
    r.message,
    r.message !== null && r.said ? JSON.stringify(r.said) : null,
    r.compileOutput,
    r.exitCode,
    r.timeMs === null ? null : Math.round(r.timeMs),
    r.memoryKb === null ? null : Math.round(r.memoryKb),
    Date.now(),
    id,
  );
}

export function requeueInvocation(db: Db, id: number, refund = false): void {
  prepared(db, "UPDATE invocations SET status = 'queued', attempts = MAX(0, attempts - ?) WHERE id = ? AND status <> 'done'").run(refund ? 1 : 0, id);
}

export function requeueInterruptedInvocations(db: Db): number {
  return prepared(db, "UPDATE invocations SET status = 'queued' WHERE status = 'running'").run().changes;
}
