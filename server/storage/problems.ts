import type { Db } from './db';

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

export function listProblems(db: Db): ProblemRow[] {
  return db.prepare(`SELECT ${PROBLEM_COLUMNS} FROM problems ORDER BY slug`).all() as ProblemRow[];
}

export function getProblem(db: Db, slug: string): ProblemRow | undefined {
  return db.prepare(`SELECT ${PROBLEM_COLUMNS} FROM problems WHERE slug = ?`).get(slug) as ProblemRow | undefined;
}

export function problemHashes(db: Db): Map<string, string> {
  const rows = db.prepare('SELECT slug, content_hash AS hash FROM problems').all() as { slug: string; hash: string }[];
  return new Map(rows.map((r) => [r.slug, r.hash]));
}

/**
 * Stores a freshly imported package in one transaction: the problem row, and its generated tests
 * in place of the old ones. User-added tests (kind 'user') survive and move after the new ones,
 * in their old order.
 */
export function saveImportedProblem(db: Db, problem: Omit<ProblemRow, 'importedAt'>, tests: NewTest[]): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
       VALUES (@slug, @titleEn, @titleZh, @source, @statementEn, @statementZh, @timeLimitMs, @memoryLimitMb, @contentHash, @importedAt)
       ON CONFLICT (slug) DO UPDATE SET title_en = excluded.title_en, title_zh = excluded.title_zh, source = excluded.source,
         statement_en = excluded.statement_en, statement_zh = excluded.statement_zh, time_limit_ms = excluded.time_limit_ms,
         memory_limit_mb = excluded.memory_limit_mb, content_hash = excluded.content_hash, imported_at = excluded.imported_at`,
    ).run({ ...problem, importedAt: Date.now() });
    db.prepare("DELETE FROM tests WHERE problem = ? AND kind <> 'user'").run(problem.slug);
    // Park user tests on negative positions so renumbering never collides with UNIQUE(problem, idx).
    db.prepare("UPDATE tests SET idx = -idx WHERE problem = ? AND kind = 'user'").run(problem.slug);
    const insert = db.prepare('INSERT INTO tests (problem, idx, kind, label, input, expected) VALUES (?, ?, ?, ?, ?, ?)');
    tests.forEach((t, i) => insert.run(problem.slug, i + 1, t.kind, t.label, t.input, t.expected));
    const users = db.prepare("SELECT id FROM tests WHERE problem = ? AND kind = 'user' ORDER BY idx DESC").all(problem.slug) as { id: number }[];
    const move = db.prepare('UPDATE tests SET idx = ? WHERE id = ?');
    users.forEach((u, i) => move.run(tests.length + i + 1, u.id));
  }).immediate();
}

/** The tests a submission is judged on, in order. */
export function listTests(db: Db, slug: string): TestRow[] {
  return db
    .prepare('SELECT id, problem, idx, kind, label, input, expected FROM tests WHERE problem = ? ORDER BY idx')
    .all(slug) as TestRow[];
}

export function countTests(db: Db, slug: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM tests WHERE problem = ?').get(slug) as { n: number }).n;
}

export function listSamples(db: Db, slug: string): { input: string; output: string }[] {
  return db
    .prepare("SELECT input, expected AS output FROM tests WHERE problem = ? AND kind = 'sample' ORDER BY idx")
    .all(slug) as { input: string; output: string }[];
}

/** Per problem: whether some submission was accepted, and whether any was judged. */
export function problemStatuses(db: Db): Map<string, 'solved' | 'tried'> {
  const rows = db
    .prepare("SELECT problem, MAX(verdict = 'AC') AS solved FROM submissions WHERE status = 'done' GROUP BY problem")
    .all() as { problem: string; solved: number }[];
  return new Map(rows.map((r) => [r.problem, r.solved ? 'solved' : 'tried']));
}
