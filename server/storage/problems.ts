import { TRY_VERDICTS } from '../judge/verdicts';
import { authorSql } from './author-name';
import { prepared, type Db } from './db';

/** The verdict table's tries, as the standings count them (a CE or IE is not a try). */
const TRY_LIST = TRY_VERDICTS.map((v) => `'${v}'`).join(', ');

export interface ProblemRow {
  slug: string;
  titleEn: string;
  titleZh: string;
  source: string;
  statementEn: string;
  statementZh: string;
  timeLimitMs: number;
  memoryLimitMb: number;
  contentHash: string;
  importedAt: number;
}

export type TestKind = 'sample' | 'edge' | 'random' | 'user';

export interface TestRow {
  id: number;
  problem: string;
  idx: number;
  kind: TestKind;
  label: string;
  input: string;
  expected: string;
}

export interface NewTest {
  kind: Exclude<TestKind, 'user'>;
  label: string;
  input: string;
  expected: string;
}

const PROBLEM_COLUMNS = `slug, title_en AS titleEn, title_zh AS titleZh, source, statement_en AS statementEn,
  statement_zh AS statementZh, time_limit_ms AS timeLimitMs, memory_limit_mb AS memoryLimitMb,
  content_hash AS contentHash, imported_at AS importedAt`;

/**
 * The content hash of a problem a teacher removed whose row is still referenced (its submissions,
 * a homework set): the row stays, so they keep its title, and it is in no list, page or judge
 * (server/problem-store/remove.ts).
 */
export const REMOVED_HASH = 'removed';

/** A stored problem still a draft (teachers see it in the drafts pages only) or removed: never in lists or the judge. */
const NOT_DRAFT = `slug NOT IN (SELECT slug FROM stored_problems WHERE published = 0) AND content_hash <> '${REMOVED_HASH}'`;

export function listProblems(db: Db): ProblemRow[] {
  return prepared(db, `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE ${NOT_DRAFT} ORDER BY slug`).all() as ProblemRow[];
}

export type ProblemHeader = Omit<ProblemRow, 'statementEn' | 'statementZh'>;

/** A problem without its statements: what most pages need, without copying the markdown. */
export function getProblemHeader(db: Db, slug: string): ProblemHeader | undefined {
  return prepared(
    db,
    `SELECT slug, title_en AS titleEn, title_zh AS titleZh, source, time_limit_ms AS timeLimitMs, memory_limit_mb AS memoryLimitMb,
       content_hash AS contentHash, imported_at AS importedAt FROM problems WHERE slug = ? AND ${NOT_DRAFT}`,
  ).get(slug) as ProblemHeader | undefined;
}

export function getProblem(db: Db, slug: string): ProblemRow | undefined {
  return prepared(db, `SELECT ${PROBLEM_COLUMNS} FROM problems WHERE slug = ?`).get(slug) as ProblemRow | undefined;
}

export function problemHashes(db: Db): Map<string, string> {
  const rows = prepared(db, 'SELECT slug, content_hash AS hash FROM problems').all() as { slug: string; hash: string }[];
  return new Map(rows.map((r) => [r.slug, r.hash]));
}

/**
 * Stores a freshly imported package in one transaction: the problem row, and its generated tests
 * in place of the old ones. User-added tests (kind 'user') survive and move after the new ones,
 * in their old order.
 */
export function saveImportedProblem(db: Db, problem: Omit<ProblemRow, 'importedAt'>, tests: NewTest[], userExpected: string[] = []): void {
  db.transaction(() => {
    prepared(
      db,
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES (@slug, @titleEn, @titleZh, @source, @statementEn, @statementZh, @timeLimitMs, @memoryLimitMb, @contentHash, @importedAt)
       ON CONFLICT (slug) DO UPDATE SET title_en = excluded.title_en, title_zh = excluded.title_zh, source = excluded.source,
         statement_en = excluded.statement_en, statement_zh = excluded.statement_zh, time_limit_ms = excluded.time_limit_ms,
         memory_limit_mb = excluded.memory_limit_mb, content_hash = excluded.content_hash, imported_at = excluded.imported_at`,
    ).run({ ...problem, importedAt: Date.now() });
    prepared(db, "DELETE FROM tests WHERE problem = ? AND kind <> 'user'").run(problem.slug);
    // Park user tests on negative positions so renumbering never collides with UNIQUE(problem, idx).
    prepared(db, "UPDATE tests SET idx = -idx WHERE problem = ? AND kind = 'user'").run(problem.slug);
    const insert = prepared(db, 'INSERT INTO tests (problem, idx, kind, label, input, expected) VALUES (?, ?, ?, ?, ?, ?)');
    tests.forEach((t, i) => insert.run(problem.slug, i + 1, t.kind, t.label, t.input, t.expected));
    const users = prepared(db, "SELECT id FROM tests WHERE problem = ? AND kind = 'user' ORDER BY idx DESC").all(problem.slug) as { id: number }[];
    const move = prepared(db, 'UPDATE tests SET idx = ? WHERE id = ?');
    users.forEach((u, i) => move.run(tests.length + i + 1, u.id));
    // The new reference's answers for the user tests, in their order (computed by the importer).
    const answer = prepared(db, 'UPDATE tests SET expected = ? WHERE id = ?');
    users.forEach((u, i) => {
      if (userExpected[i] !== undefined) answer.run(userExpected[i], u.id);
    });
  }).immediate();
}

/**
 * User tests one person's submission runs: the shared ones (no owner) and the person's own.
 * `owner` undefined: every test (the command line, local tools).
 */
const TESTS_OF = "problem = @slug AND (@all = 1 OR kind <> 'user' OR owner IS NULL OR owner = @owner)";

/**
 * The tests a submission is judged on, in order, numbered 1..n: a person's own saved tests come
 * after the shared ones, and someone else's never count in the numbering.
 */
export function listTests(db: Db, slug: string, owner?: number | null): TestRow[] {
  const rows = prepared(db, `SELECT id, problem, idx, kind, label, input, expected FROM tests WHERE ${TESTS_OF} ORDER BY idx`)
    .all({ slug, all: owner === undefined ? 1 : 0, owner: owner ?? null }) as TestRow[];
  return rows.map((t, i) => ({ ...t, idx: i + 1 }));
}

export function countTests(db: Db, slug: string, owner?: number | null): number {
  return (prepared(db, `SELECT COUNT(*) AS n FROM tests WHERE ${TESTS_OF}`).get({ slug, all: owner === undefined ? 1 : 0, owner: owner ?? null }) as { n: number }).n;
}

export function listSamples(db: Db, slug: string): { input: string; output: string }[] {
  return prepared(db, "SELECT input, expected AS output FROM tests WHERE problem = ? AND kind = 'sample' ORDER BY idx")
    .all(slug) as { input: string; output: string }[];
}

export type ProblemStatus = 'solved' | 'tried' | null;

/**
 * Whether some submission to the problem was accepted ("solved"), or any was a try ("tried", the verdict table's `countsAsTry`):
 * everyone's in local mode (owner null), one person's in accounts mode.
 */
export function problemStatus(db: Db, slug: string, owner: number | null = null): ProblemStatus {
  const row = prepared(
      db,
      `SELECT EXISTS (SELECT 1 FROM submissions WHERE problem = @slug AND verdict = 'AC' AND (@owner IS NULL OR owner = @owner)) AS solved,
              EXISTS (SELECT 1 FROM submissions WHERE problem = @slug AND verdict IN (${TRY_LIST}) AND (@owner IS NULL OR owner = @owner)) AS tried`,
    )
    .get({ slug, owner }) as { solved: number; tried: number };
  return row.solved ? 'solved' : row.tried ? 'tried' : null;
}

/** Most user-added tests one problem keeps per person (and shared): every later submission runs them all. */
export const MAX_USER_TESTS = 20;
/** Most bytes (inputs plus expected outputs, UTF-8) one problem's user-added tests may hold. */
export const MAX_USER_TEST_BYTES = 2 * 1024 * 1024;

export interface UserTest {
  /** Stable: never changes while the test exists, never reused after it is removed. */
  id: string;
  idx: number;
  label: string;
  input: string;
  expected: string;
  createdAt: number | null;
  /** Whose it is; null for a shared test (every submission runs it). */
  owner: number | null;
  /** The login, " (removed account)" after a removed one's (as a submission's author). */
  ownerName: string | null;
  /** The display name, "(removed account)" after a removed one's: what pages show. */
  ownerDisplay: string | null;
}

/**
 * Tests added by users (a saved stress counterexample, say), in judging order. `owner` given: the
 * shared ones and that person's, numbered as that person's submissions see them.
 */
export function listUserTests(db: Db, slug: string, owner?: number): UserTest[] {
  const rows = prepared(
    db,
    `SELECT public_id AS id, idx, label, input, expected, created_at AS createdAt, owner,
       ${authorSql('name')} AS ownerName, ${authorSql('display_name')} AS ownerDisplay
     FROM tests WHERE problem = @slug AND kind = 'user' AND (@owner IS NULL OR owner IS NULL OR owner = @owner) ORDER BY idx`,
  ).all({ slug, owner: owner ?? null }) as UserTest[];
  if (owner === undefined) return rows;
  const generated = (prepared(db, "SELECT COUNT(*) AS n FROM tests WHERE problem = ? AND kind <> 'user'").get(slug) as { n: number }).n;
  return rows.map((t, i) => ({ ...t, idx: generated + i + 1 }));
}

/** The user test at a position, for telling a caller that still deletes by position which id it has. */
export function userTestAt(db: Db, slug: string, idx: number, owner?: number): string | undefined {
  if (owner === undefined) {
    const row = prepared(db, "SELECT public_id AS id FROM tests WHERE problem = ? AND idx = ? AND kind = 'user'").get(slug, idx) as { id: string } | undefined;
    return row?.id;
  }
  // A student's positions are those of the tests they see (listUserTests numbers them the same way).
  return listUserTests(db, slug, owner).find((t) => t.idx === idx)?.id;
}

/** Most saved tests one person keeps over every problem, and their bytes (inputs and expected outputs). */
export const MAX_SAVED_TESTS_PER_PERSON = 200;
export const MAX_SAVED_TEST_BYTES_PER_PERSON = 16 * 1024 * 1024;

export type AddedUserTest =
  | { ok: true; id: string; idx: number }
  | { ok: false; reason: 'person'; count: number; bytes: number }
  | { ok: false; reason: 'count'; count: number }
  | { ok: false; reason: 'size'; bytes: number };

/**
 * Appends a user test after every other test of the problem, within the per-problem caps (checked
 * in the same transaction, so concurrent additions cannot overshoot them).
 */
export function addUserTest(db: Db, slug: string, label: string, input: string, expected: string, owner: number | null = null): AddedUserTest {
  return db.transaction((): AddedUserTest => {
    const used = prepared(
      db,
      "SELECT COUNT(*) AS count, COALESCE(SUM(length(CAST(input AS BLOB)) + length(CAST(expected AS BLOB))), 0) AS bytes FROM tests WHERE problem = ? AND kind = 'user' AND owner IS ?",
    ).get(slug, owner) as { count: number; bytes: number };
    if (used.count >= MAX_USER_TESTS) return { ok: false, reason: 'count', count: used.count };
    if (owner !== null) {
      const mine = prepared(
        db,
        "SELECT COUNT(*) AS count, COALESCE(SUM(length(CAST(input AS BLOB)) + length(CAST(expected AS BLOB))), 0) AS bytes FROM tests WHERE kind = 'user' AND owner = ?",
      ).get(owner) as { count: number; bytes: number };
      const after = mine.bytes + Buffer.byteLength(input, 'utf8') + Buffer.byteLength(expected, 'utf8');
      if (mine.count >= MAX_SAVED_TESTS_PER_PERSON || after > MAX_SAVED_TEST_BYTES_PER_PERSON) return { ok: false, reason: 'person', count: mine.count, bytes: after };
    }
    const bytes = used.bytes + Buffer.byteLength(input, 'utf8') + Buffer.byteLength(expected, 'utf8');
    if (bytes > MAX_USER_TEST_BYTES) return { ok: false, reason: 'size', bytes };
    const { last } = prepared(db, 'SELECT COALESCE(MAX(idx), 0) AS last FROM tests WHERE problem = ?').get(slug) as { last: number };
    const { id } = prepared(
      db,
      "INSERT INTO tests (problem, idx, kind, label, input, expected, created_at, public_id, owner) VALUES (?, ?, 'user', ?, ?, ?, ?, 't' || lower(hex(randomblob(6))), ?) RETURNING public_id AS id",
    ).get(slug, last + 1, label, input, expected, Date.now(), owner) as { id: string };
    return { ok: true, id, idx: last + 1 };
  }).immediate();
}

/**
 * Removes a user test by its id and closes the gap, so tests stay numbered 1..n. False if the
 * problem has no such user test (already removed, say: removing twice never removes another).
 */
export function removeUserTest(db: Db, slug: string, id: string, owner?: number): boolean {
  return db.transaction(() => {
    const row = prepared(db, "DELETE FROM tests WHERE problem = ? AND public_id = ? AND kind = 'user' AND (? IS NULL OR owner = ?) RETURNING idx").get(slug, id, owner ?? null, owner ?? null) as { idx: number } | undefined;
    if (!row) return false;
    const later = prepared(db, "SELECT id FROM tests WHERE problem = ? AND kind = 'user' AND idx > ? ORDER BY idx").all(slug, row.idx) as { id: number }[];
    const move = prepared(db, 'UPDATE tests SET idx = idx - 1 WHERE id = ?');
    for (const t of later) move.run(t.id);
    return true;
  }).immediate();
}

/** A teacher makes a person's saved test one of the problem's shared tests (same id); false if there is none. */
export function shareUserTest(db: Db, slug: string, id: string): boolean {
  return prepared(db, "UPDATE tests SET owner = NULL WHERE problem = ? AND public_id = ? AND kind = 'user'").run(slug, id).changes > 0;
}
