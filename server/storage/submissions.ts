import type { LanguageId } from '../languages/registry';
import type { Verdict } from '../judge/verdicts';
import { authorSql } from './author-name';
import { prepared, type Db } from './db';
import { tagContest } from './contests';
import { noteJudged } from './standings';
import { saidOf, type Said } from '../text/messages';

export type SubmissionStatus = 'queued' | 'compiling' | 'running' | 'done';

export interface SubmissionSummary {
  id: number;
  problem: string;
  status: SubmissionStatus;
  verdict: Verdict | null;
  failedTest: number | null;
  currentTest: number | null;
  timeMs: number | null;
  memoryKb: number | null;
  createdAt: number;
  finishedAt: number | null;
  language: LanguageId;
  /** The account that sent it (accounts mode); null in local mode. */
  owner: number | null;
  /** Its name, with "(removed account)" after a removed one's. */
  ownerName: string | null;
  /** Its display name (people's pages show it), with the same mark. */
  ownerDisplay: string | null;
  /** The contest round it was made in (by a contestant, during the round); null otherwise. */
  contest: number | null;
}

export interface Submission extends SubmissionSummary {
  source: string;
  compileOutput: string | null;
  /** 1: the program came from the compile cache (nothing was compiled for this submission). */
  compileCached: 0 | 1;
  attempts: number;
}

export interface SubmissionTestRow {
  idx: number;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
  exitCode: number | null;
  message: string | null;
  /** The message as an id and arguments; null for rows from before migration 39 (shown as stored). */
  messageSaid: Said | null;
  inputPreview: string | null;
  expectedPreview: string | null;
  outputPreview: string | null;
  stderrPreview: string | null;
  /** Interactive problems: the start of the failing test's dialogue. */
  dialoguePreview: string | null;
  /** A package checker's or interactor's judgemessage.txt (failing test): for a teacher's eyes only. */
  judgeMessage: string | null;
}

export type FailureTextKind = 'input' | 'expected' | 'output' | 'stderr' | 'dialogue';

const SUMMARY_COLUMNS = `id, problem, status, verdict, failed_test AS failedTest, current_test AS currentTest,
  time_ms AS timeMs, memory_kb AS memoryKb, created_at AS createdAt, finished_at AS finishedAt, language, contest,
  owner, ${authorSql('name')} AS ownerName, ${authorSql('display_name')} AS ownerDisplay`;

/**
 * `client` names who sent it (a person in accounts mode, else an address), so the queue can take
 * turns between them; `owner` is the sender's account (null in local mode).
 */
export function insertSubmission(db: Db, problem: string, source: string, language: LanguageId = 'typescript', client = '', owner: number | null = null): number {
  const row = prepared(db, 'INSERT INTO submissions (problem, source, language, created_at, client, owner) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .get(problem, source, language, Date.now(), client, owner) as { id: number };
  tagContest(db, row.id);
  return row.id;
}

export function getSubmission(db: Db, id: number): Submission | undefined {
  return prepared(db, `SELECT ${SUMMARY_COLUMNS}, source, compile_output AS compileOutput, compile_cached = 1 AS compileCached, attempts FROM submissions WHERE id = ?`)
    .get(id) as Submission | undefined;
}

/** The submission's source as highlighted HTML, once stored (null before its first page view). */
export function getSourceHtml(db: Db, id: number): string | null {
  const row = prepared(db, 'SELECT source_html FROM submissions WHERE id = ?').get(id) as { source_html: string | null } | undefined;
  return row?.source_html ?? null;
}

export function saveSourceHtml(db: Db, id: number, html: string): void {
  prepared(db, 'UPDATE submissions SET source_html = ? WHERE id = ?').run(html, id);
}

export function getSubmissionSummary(db: Db, id: number): SubmissionSummary | undefined {
  return prepared(db, `SELECT ${SUMMARY_COLUMNS} FROM submissions WHERE id = ?`).get(id) as SubmissionSummary | undefined;
}

export interface SubmissionFilter {
  problem?: string;
  verdict?: Verdict;
  /** Only this account's (a student's own list). */
  owner?: number;
}

/** Newest first, `limit` rows after skipping `offset`. */
export function listSubmissions(db: Db, filter: SubmissionFilter, limit: number, offset: number): SubmissionSummary[] {
  const { where, params } = filterSql(filter);
  return prepared(db, `SELECT ${SUMMARY_COLUMNS} FROM submissions ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as SubmissionSummary[];
}

export function countSubmissions(db: Db, filter: SubmissionFilter): number {
  const { where, params } = filterSql(filter);
  return (prepared(db, `SELECT COUNT(*) AS n FROM submissions ${where}`).get(...params) as { n: number }).n;
}

function filterSql(filter: SubmissionFilter): { where: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.owner !== undefined) {
    clauses.push('owner = ?');
    params.push(filter.owner);
  }
  if (filter.problem !== undefined) {
    clauses.push('problem = ?');
    params.push(filter.problem);
  }
  if (filter.verdict !== undefined) {
    clauses.push('verdict = ?');
    params.push(filter.verdict);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function listSubmissionTests(db: Db, id: number): SubmissionTestRow[] {
  return prepared(
      db,
      `SELECT idx, verdict, time_ms AS timeMs, memory_kb AS memoryKb, exit_code AS exitCode, message, message_said AS messageSaid,
         input_preview AS inputPreview, expected_preview AS expectedPreview, output_preview AS outputPreview,
         stderr_preview AS stderrPreview, dialogue_preview AS dialoguePreview, judge_message AS judgeMessage
       FROM submission_tests WHERE submission_id = ? ORDER BY idx`,
    )
    .all(id)
    .map((r) => {
      const row = r as Omit<SubmissionTestRow, 'messageSaid'> & { messageSaid: string | null };
      return { ...row, messageSaid: row.messageSaid === null ? null : saidOf(JSON.parse(row.messageSaid)) };
    });
}

export function getFailureText(db: Db, id: number, kind: FailureTextKind): { content: string; cut: boolean } | undefined {
  const row = prepared(db, 'SELECT content, cut FROM failure_texts WHERE submission_id = ? AND kind = ?').get(id, kind) as
    | { content: string; cut: number }
    | undefined;
  return row && { content: row.content, cut: row.cut === 1 };
}

/** Which full texts a submission keeps, with their original lengths, without reading them. */
export function listFailureTexts(db: Db, id: number): Map<FailureTextKind, { length: number; cut: boolean }> {
  const rows = prepared(db, 'SELECT kind, length, cut FROM failure_texts WHERE submission_id = ?').all(id) as {
    kind: FailureTextKind;
    length: number;
    cut: number;
  }[];
  return new Map(rows.map((r) => [r.kind, { length: r.length, cut: r.cut === 1 }]));
}

export interface FailureText {
  kind: FailureTextKind;
  content: string;
  /** Length of the original text, when content keeps only its start. */
  length: number;
  cut: boolean;
}

export function saveFailureTexts(db: Db, id: number, texts: FailureText[]): void {
  const insert = prepared(db, 'INSERT OR REPLACE INTO failure_texts (submission_id, kind, length, cut, content) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const t of texts) insert.run(id, t.kind, t.length, t.cut ? 1 : 0, t.content);
  }).immediate();
}

// ---- judging life cycle (main thread) ----

export interface ClaimedSubmission {
  id: number;
  problem: string;
  source: string;
  attempts: number;
  client: string;
}

/** A client's oldest queued submission. */
export interface QueueHead {
  id: number;
  client: string;
}

/**
 * Takes a queued submission for a judge, atomically; undefined when the queue is empty. `choose`
 * picks among each client's oldest queued submission (given oldest first); by default the oldest.
 * Leftovers of an earlier attempt (a thread stopped mid-way may still have written some) go.
 */
export function claimNextSubmission(db: Db, choose: (heads: QueueHead[]) => QueueHead | undefined = (heads) => heads[0]): ClaimedSubmission | undefined {
  return db.transaction(() => {
    const heads = prepared(db, "SELECT MIN(id) AS id, client FROM submissions WHERE status = 'queued' GROUP BY client ORDER BY 1").all() as QueueHead[];
    const head = heads.length ? choose(heads) : undefined;
    if (!head) return undefined;
    const claimed = prepared(
      db,
      `UPDATE submissions SET status = 'compiling', attempts = attempts + 1, started_at = ?, current_test = NULL, compile_output = NULL, compile_cached = 0
       WHERE id = ? AND status = 'queued'
       RETURNING id, problem, source, attempts, client`,
    ).get(Date.now(), head.id) as ClaimedSubmission | undefined;
    if (claimed && claimed.attempts > 1) clearResults(db, claimed.id);
    return claimed;
  }).immediate();
}

export function countQueued(db: Db): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM submissions WHERE status = 'queued'").get() as { n: number }).n;
}

export function markRunning(db: Db, id: number, test: number): void {
  prepared(db, "UPDATE submissions SET status = 'running', current_test = ? WHERE id = ? AND status <> 'done'").run(test, id);
}

/** `cached`: the program came from the compile cache (server/languages/program-cache.ts), nothing was compiled. */
export function saveCompileOutput(db: Db, id: number, output: string | null, cached = false): void {
  prepared(db, 'UPDATE submissions SET compile_output = ?, compile_cached = ? WHERE id = ?').run(output, cached ? 1 : 0, id);
}

export interface TestResultInput {
  idx: number;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
  exitCode: number | null;
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), when it is one. */
  said?: Said | null;
  previews?: { input: string; expected: string; output: string; stderr: string; dialogue?: string };
  /** A package checker's or interactor's judgemessage.txt on a failing test: the teacher's to read, never the student's. */
  judgeMessage?: string | null;
}

export function saveTestResult(db: Db, id: number, t: TestResultInput): void {
  prepared(
      db,
    `INSERT OR REPLACE INTO submission_tests
       (submission_id, idx, verdict, time_ms, memory_kb, exit_code, message, message_said, input_preview, expected_preview, output_preview, stderr_preview, dialogue_preview, judge_message)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    t.idx,
    t.verdict,
    Math.round(t.timeMs),
    Math.round(t.memoryKb),
    t.exitCode,
    t.message,
    t.message !== null && t.said ? JSON.stringify(t.said) : null,
    t.previews?.input ?? null,
    t.previews?.expected ?? null,
    t.previews?.output ?? null,
    t.previews?.stderr ?? null,
    t.previews?.dialogue ?? null,
    t.judgeMessage ?? null,
  );
}

/** Tests finished since the last call and the one now running (null: none), in one transaction. */
export function saveProgress(db: Db, id: number, results: readonly TestResultInput[], running: number | null): void {
  db.transaction(() => {
    for (const t of results) saveTestResult(db, id, t);
    if (running !== null) markRunning(db, id, running);
  })();
}

export interface FinalResult {
  verdict: Verdict;
  failedTest: number | null;
  timeMs: number;
  memoryKb: number;
  compileOutput: string | null;
}

/**
 * The one writer of a judged result, for the first judging and a rejudge alike: the verdict and its
 * figures, and for a rejudge (which arrives whole) the test rows and failing texts replacing the old
 * ones, through the same row writers as the first judging (`saveTestResult` keeps each message's id
 * beside its English). Then, in the same transaction, the standings' kept tries of the owner's problem
 * and the open boards' count of stored results (server/storage/standings.ts), so every table and board
 * follows a rejudge as it follows a first verdict.
 */
export function storeJudgedResult(db: Db, id: number, r: FinalResult, whole?: { tests: readonly TestResultInput[]; texts: readonly FailureText[] }): void {
  db.transaction(() => {
    if (whole) {
      prepared(db, 'DELETE FROM submission_tests WHERE submission_id = ?').run(id);
      prepared(db, 'DELETE FROM failure_texts WHERE submission_id = ?').run(id);
      for (const t of whole.tests) saveTestResult(db, id, t);
      if (whole.texts.length > 0) saveFailureTexts(db, id, [...whole.texts]);
    }
    // A rejudge keeps the first judging's finishing time: the history line has its own.
    prepared(
      db,
      `UPDATE submissions SET status = 'done', verdict = ?, failed_test = ?, time_ms = ?, memory_kb = ?, compile_output = ?,
         current_test = NULL, finished_at = CASE WHEN status = 'done' AND finished_at IS NOT NULL THEN finished_at ELSE ? END
       WHERE id = ?`,
    ).run(r.verdict, r.failedTest, Math.round(r.timeMs), Math.round(r.memoryKb), r.compileOutput, Date.now(), id);
    noteJudged(db, id);
  })();
}

/**
 * Puts a submission back in the queue with its partial results gone. `refund`: the interruption
 * was not the submission's doing (a clean shutdown), so the attempt does not count.
 */
export function requeueSubmission(db: Db, id: number, refund = false): void {
  db.transaction(() => {
    clearResults(db, id);
    prepared(
      db,
      "UPDATE submissions SET status = 'queued', current_test = NULL, started_at = NULL, attempts = MAX(0, attempts - ?) WHERE id = ?",
    ).run(refund ? 1 : 0, id);
  }).immediate();
}

/**
 * Start-up recovery: submissions a killed process left half-judged go back to the queue and
 * lose their partial results. Returns how many.
 */
export function requeueInterrupted(db: Db): number {
  return db.transaction(() => {
    const ids = prepared(db, "SELECT id FROM submissions WHERE status IN ('compiling', 'running')").all() as { id: number }[];
    for (const { id } of ids) clearResults(db, id);
    prepared(
      db,
      "UPDATE submissions SET status = 'queued', current_test = NULL, started_at = NULL, compile_output = NULL WHERE status IN ('compiling', 'running')",
    ).run();
    return ids.length;
  }).immediate();
}

function clearResults(db: Db, id: number): void {
  prepared(db, 'DELETE FROM submission_tests WHERE submission_id = ?').run(id);
  prepared(db, 'DELETE FROM failure_texts WHERE submission_id = ?').run(id);
  prepared(db, 'UPDATE submissions SET compile_output = NULL WHERE id = ?').run(id);
}
