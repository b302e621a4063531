/**
 * The schema, as an ordered list of migrations. `PRAGMA user_version` records how many have run;
 * start-up runs the missing ones, each in its own transaction. Never edit a released migration:
 * append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'problems, tests, submissions, per-test results',
    sql: `
      CREATE TABLE problems (
        slug            TEXT PRIMARY KEY,
        title_en        TEXT NOT NULL,
        title_zh        TEXT NOT NULL,
        source          TEXT NOT NULL,
        statement_en    TEXT NOT NULL,
        statement_zh    TEXT NOT NULL,
        time_limit_ms   INTEGER NOT NULL,
        memory_limit_mb INTEGER NOT NULL,
        content_hash    TEXT NOT NULL,
        imported_at     INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE tests (
        id       INTEGER PRIMARY KEY,
        problem  TEXT NOT NULL REFERENCES problems(slug) ON DELETE CASCADE,
        -- 1-based position in the judging order ("test 7"); user tests come after generated ones.
        idx      INTEGER NOT NULL,
        kind     TEXT NOT NULL CHECK (kind IN ('sample', 'edge', 'random', 'user')),
        label    TEXT NOT NULL,
        input    TEXT NOT NULL,
        expected TEXT NOT NULL,
        UNIQUE (problem, idx)
      ) STRICT;

      CREATE TABLE submissions (
        id             INTEGER PRIMARY KEY,
        problem        TEXT NOT NULL REFERENCES problems(slug),
        source         TEXT NOT NULL,
        status         TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'compiling', 'running', 'done')),
        verdict        TEXT CHECK (verdict IN ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE')),
        failed_test    INTEGER,
        current_test   INTEGER,
        time_ms        INTEGER,
        memory_kb      INTEGER,
        compile_output TEXT,
        -- How many times a judge took it; a submission that keeps crashing the judge ends as IE.
        attempts       INTEGER NOT NULL DEFAULT 0,
        created_at     INTEGER NOT NULL,
        started_at     INTEGER,
        finished_at    INTEGER,
        CHECK ((status = 'done') = (verdict IS NOT NULL))
      ) STRICT;
      CREATE INDEX submissions_by_status ON submissions (status, id);
      CREATE INDEX submissions_by_problem ON submissions (problem, id);
      CREATE INDEX submissions_by_verdict ON submissions (verdict, id);
      -- Solved / tried per problem without scanning its submissions.
      CREATE INDEX submissions_by_problem_verdict ON submissions (problem, verdict);

      CREATE TABLE submission_tests (
        submission_id    INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        idx              INTEGER NOT NULL,
        verdict          TEXT NOT NULL CHECK (verdict IN ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE')),
        time_ms          INTEGER NOT NULL,
        memory_kb        INTEGER NOT NULL,
        exit_code        INTEGER,
        message          TEXT,
        -- Only for the first failing test: the start of each text, for the page.
        input_preview    TEXT,
        expected_preview TEXT,
        output_preview   TEXT,
        stderr_preview   TEXT,
        PRIMARY KEY (submission_id, idx)
      ) STRICT, WITHOUT ROWID;

      -- Full texts of the first failing test, for download; kept apart so pages never read them.
      CREATE TABLE failure_texts (
        submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        kind          TEXT NOT NULL CHECK (kind IN ('input', 'expected', 'output', 'stderr')),
        -- Length of the original text in characters, and 1 when content keeps only its start.
        -- Both come before content so reading them skips the text's overflow pages.
        length        INTEGER NOT NULL,
        cut           INTEGER NOT NULL DEFAULT 0,
        content       TEXT NOT NULL,
        PRIMARY KEY (submission_id, kind)
      ) STRICT, WITHOUT ROWID;
    `,
  },
];
