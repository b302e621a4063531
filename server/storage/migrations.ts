/**
 * The schema, as an ordered list of migrations. `PRAGMA user_version` records how many have run;
 * start-up runs the missing ones, each in its own transaction. Never edit a released migration:
 * append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL alone cannot say (a table rebuilt from its stored definition), run after `sql` in the same transaction. */
  run?: (db: Db) => void;
  /** Foreign keys off while it runs (a referenced table is rebuilt), checked before it commits. */
  foreignKeysOff?: boolean;
}

import type { Db } from './db';
import { rebuildWithCheck } from './rebuild-table';

/** Every table with a stored language column, rebuilt from its own definition with a new list of ids. */
function languageChecks(db: Db, before: readonly string[], after: readonly string[]): void {
  const check = (ids: readonly string[]) => `CHECK (language IN (${ids.map((id) => `'${id}'`).join(', ')}))`;
  for (const table of ['submissions', 'stress_runs', 'invocations', 'sample_runs', 'mistake_maps']) rebuildWithCheck(db, table, check(before), check(after));
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
  {
    version: 2,
    name: 'stress runs and custom invocations',
    sql: `
      CREATE TABLE stress_runs (
        id               INTEGER PRIMARY KEY,
        problem          TEXT NOT NULL REFERENCES problems(slug),
        source           TEXT NOT NULL,
        cases            INTEGER NOT NULL,
        size             TEXT NOT NULL CHECK (size IN ('tiny', 'small', 'medium', 'max')),
        seed             INTEGER NOT NULL,
        status           TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        cases_run        INTEGER NOT NULL DEFAULT 0,
        cases_per_second INTEGER,
        shrink_steps     INTEGER,
        result           TEXT CHECK (result IN ('passed', 'failed', 'error')),
        -- JSON {input, expected, got, verdict, shrinkSteps, message, caseIndex} when result = 'failed'.
        counterexample   TEXT,
        error            TEXT,
        error_input      TEXT,
        attempts         INTEGER NOT NULL DEFAULT 0,
        created_at       INTEGER NOT NULL,
        started_at       INTEGER,
        finished_at      INTEGER,
        CHECK ((status = 'done') = (result IS NOT NULL))
      ) STRICT;
      CREATE INDEX stress_runs_by_status ON stress_runs (status, id);

      CREATE TABLE invocations (
        id             INTEGER PRIMARY KEY,
        problem        TEXT NOT NULL REFERENCES problems(slug),
        source         TEXT NOT NULL,
        input          TEXT NOT NULL,
        status         TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        -- The run compared with the reference's answer, in the judge's verdict codes.
        verdict        TEXT CHECK (verdict IN ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE')),
        output         TEXT,
        expected       TEXT,
        stderr         TEXT,
        message        TEXT,
        compile_output TEXT,
        exit_code      INTEGER,
        time_ms        INTEGER,
        memory_kb      INTEGER,
        attempts       INTEGER NOT NULL DEFAULT 0,
        created_at     INTEGER NOT NULL,
        finished_at    INTEGER,
        CHECK ((status = 'done') = (verdict IS NOT NULL))
      ) STRICT;
      CREATE INDEX invocations_by_status ON invocations (status, id);

      ALTER TABLE tests ADD COLUMN created_at INTEGER;
    `,
  },
  {
    version: 3,
    name: 'stable ids for user tests, a client per submission, a note on stress runs',
    sql: `
      -- User tests are named by an id that never changes or comes back (positions shift when one is
      -- removed): 't' and 12 random hex digits.
      ALTER TABLE tests ADD COLUMN public_id TEXT;
      UPDATE tests SET public_id = 't' || lower(hex(randomblob(6))) WHERE kind = 'user';
      CREATE UNIQUE INDEX tests_by_public_id ON tests (public_id);

      -- Who sent a submission (the client's address), so the queue can take turns between clients.
      ALTER TABLE submissions ADD COLUMN client TEXT NOT NULL DEFAULT '';
      CREATE INDEX submissions_queued_by_client ON submissions (status, client, id);

      -- Why a run stopped before its last case without failing ("budget exhausted after N cases").
      ALTER TABLE stress_runs ADD COLUMN note TEXT;
    `,
  },
  {
    version: 4,
    name: 'dialogues of interactive tests',
    sql: `
      -- The first failing test of an interactive problem keeps its dialogue (lines of both sides).
      ALTER TABLE submission_tests ADD COLUMN dialogue_preview TEXT;
      CREATE TABLE failure_texts_v4 (
        submission_id INTEGER NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        kind          TEXT NOT NULL CHECK (kind IN ('input', 'expected', 'output', 'stderr', 'dialogue')),
        length        INTEGER NOT NULL,
        cut           INTEGER NOT NULL DEFAULT 0,
        content       TEXT NOT NULL,
        PRIMARY KEY (submission_id, kind)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO failure_texts_v4 (submission_id, kind, length, cut, content) SELECT submission_id, kind, length, cut, content FROM failure_texts;
      DROP TABLE failure_texts;
      ALTER TABLE failure_texts_v4 RENAME TO failure_texts;
    `,
  },
  {
    version: 5,
    name: 'cancelling stress runs; JavaScript solutions',
    // The result column's CHECK predates cancelling and SQLite cannot widen it in place: a cancelled
    // run is stored with result 'error' and cancelled = 1, and read back as result 'cancelled'.
    sql: `
      ALTER TABLE stress_runs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE stress_runs ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX stress_runs_by_problem ON stress_runs (problem, id);
      -- JavaScript solutions: the language each program is written in.
      ALTER TABLE submissions ADD COLUMN language TEXT NOT NULL DEFAULT 'typescript' CHECK (language IN ('typescript', 'javascript'));
      ALTER TABLE stress_runs ADD COLUMN language TEXT NOT NULL DEFAULT 'typescript' CHECK (language IN ('typescript', 'javascript'));
      ALTER TABLE invocations ADD COLUMN language TEXT NOT NULL DEFAULT 'typescript' CHECK (language IN ('typescript', 'javascript'));
    `,
  },
  {
    version: 6,
    name: 'lab jobs in the judging queue',
    sql: `
      -- SG lab computations too long for a request: claimed by the judge threads like other jobs.
      CREATE TABLE lab_jobs (
        id          INTEGER PRIMARY KEY,
        request     TEXT NOT NULL,
        status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        phase       TEXT CHECK (phase IN ('compiling', 'computing')),
        result      TEXT,
        error       TEXT,
        attempts    INTEGER NOT NULL DEFAULT 0,
        created_at  INTEGER NOT NULL,
        started_at  INTEGER,
        finished_at INTEGER
      ) STRICT;
      CREATE INDEX lab_jobs_by_status ON lab_jobs (status, id);
    `,
  },
  {
    version: 7,
    name: "a client's recent submissions, for distributed mode's turns",
    sql: `
      CREATE INDEX submissions_by_client ON submissions (client, id);
    `,
  },
  {
    version: 8,
    name: "a submission's highlighted source, computed once off the HTTP thread",
    sql: `
      -- NULL until the first view of the submission's page highlights it (or stores it plain).
      ALTER TABLE submissions ADD COLUMN source_html TEXT;
    `,
  },
  {
    version: 9,
    name: 'lab jobs: progress, and the whole of a big table beside its summarised result',
    sql: `
      -- 0..1 while a built-in table is computed; NULL before and for student code.
      ALTER TABLE lab_jobs ADD COLUMN progress REAL;
      -- A big table as JSON (big-table.ts LabTable), for GET /api/lab/:id/table.csv.
      ALTER TABLE lab_jobs ADD COLUMN full_table TEXT;
    `,
  },
  {
    version: 10,
    name: 'accounts, sessions, an owner for every piece of work, homework sets',
    sql: `
      -- People (accounts mode). Removed accounts stay (their work keeps its author), marked removed.
      CREATE TABLE accounts (
        id            INTEGER PRIMARY KEY,
        name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
        role          TEXT NOT NULL CHECK (role IN ('teacher', 'student')),
        -- scrypt: "scrypt$N$r$p$salt$hash" (base64), never the password itself.
        password_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        removed_at    INTEGER
      ) STRICT;

      -- Browser sessions and API tokens, by the SHA-256 of the token: the token itself is never stored.
      CREATE TABLE tokens (
        hash        TEXT PRIMARY KEY,
        account     INTEGER NOT NULL REFERENCES accounts(id),
        kind        TEXT NOT NULL CHECK (kind IN ('session', 'api')),
        label       TEXT NOT NULL DEFAULT '',
        created_at  INTEGER NOT NULL,
        expires_at  INTEGER
      ) STRICT;
      CREATE INDEX tokens_by_account ON tokens (account, kind);

      -- Who made each piece of work; NULL in local mode (one implicit person), and for user tests
      -- promoted to the problem's shared tests.
      ALTER TABLE submissions ADD COLUMN owner INTEGER REFERENCES accounts(id);
      ALTER TABLE stress_runs ADD COLUMN owner INTEGER REFERENCES accounts(id);
      ALTER TABLE invocations ADD COLUMN owner INTEGER REFERENCES accounts(id);
      ALTER TABLE lab_jobs ADD COLUMN owner INTEGER REFERENCES accounts(id);
      ALTER TABLE tests ADD COLUMN owner INTEGER REFERENCES accounts(id);
      CREATE INDEX submissions_by_owner ON submissions (owner, problem, verdict);
      CREATE INDEX stress_runs_by_owner ON stress_runs (owner, problem, id);

      -- Homework: problems (a JSON array of slugs, in order) to do between two optional times.
      CREATE TABLE problem_sets (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        problems   TEXT NOT NULL,
        opens_at   INTEGER,
        closes_at  INTEGER,
        created_by INTEGER REFERENCES accounts(id),
        created_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 11,
    name: 'sample runs',
    sql: `
      -- "Run the samples": a program on the problem's samples only, never stored as a submission.
      CREATE TABLE sample_runs (
        id             INTEGER PRIMARY KEY,
        problem        TEXT NOT NULL REFERENCES problems(slug),
        source         TEXT NOT NULL,
        language       TEXT NOT NULL DEFAULT 'typescript' CHECK (language IN ('typescript', 'javascript')),
        status         TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        verdict        TEXT CHECK (verdict IN ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE')),
        -- JSON: one {index, verdict, input, expected, output, message, timeMs} per sample.
        samples        TEXT,
        compile_output TEXT,
        attempts       INTEGER NOT NULL DEFAULT 0,
        created_at     INTEGER NOT NULL,
        finished_at    INTEGER,
        -- Who ran it (accounts mode); NULL in local mode. Only its owner (or a teacher) sees it.
        owner          INTEGER REFERENCES accounts(id),
        CHECK ((status = 'done') = (verdict IS NOT NULL))
      ) STRICT;
      CREATE INDEX sample_runs_by_status ON sample_runs (status, id);
    `,
  },
  {
    version: 12,
    name: 'a credential generation per account; class settings (the class code, registration open or closed)',
    sql: `
      -- Bumped by a password reset or a removal: a login that checked the old password while it
      -- happened gets no session (the session is issued only if the generation is unchanged).
      ALTER TABLE accounts ADD COLUMN credential_generation INTEGER NOT NULL DEFAULT 0;

      -- One row per setting: 'class_code' (generated when CLASS_CODE is unset, so it survives
      -- restarts) and 'registration' ('open' or 'closed', set by the teacher on /class).
      CREATE TABLE class_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 14,
    name: 'display names',
    sql: `
      -- The name people are shown by (any script, 1 to 64 characters); the login name stays the
      -- ASCII identifier. Every existing account starts with its login as its display name.
      ALTER TABLE accounts ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
      UPDATE accounts SET display_name = name;
    `,
  },
  {
    version: 16,
    name: 'stress runs resume after yielding their thread',
    sql: `
      -- A stress run that gave its judge thread to waiting work resumes at this case, with the CPU
      -- budget it had spent (cases are generated from the seed and the index, so the run is the same).
      ALTER TABLE stress_runs ADD COLUMN resume_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE stress_runs ADD COLUMN used_ms INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 17,
    name: 'every job kind names its sender',
    sql: `
      -- Who sent it, as submissions.client: 'account:<id>' in accounts mode, the address without
      -- accounts, so people take turns and meet their caps across every kind (server/queue/person-turns.ts).
      -- Rows from before: '' (one sender among themselves).
      ALTER TABLE invocations ADD COLUMN client TEXT NOT NULL DEFAULT '';
      ALTER TABLE sample_runs ADD COLUMN client TEXT NOT NULL DEFAULT '';
      ALTER TABLE stress_runs ADD COLUMN client TEXT NOT NULL DEFAULT '';
      ALTER TABLE lab_jobs ADD COLUMN client TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 20,
    name: 'mistake maps',
    sql: `
      -- A program's win/lose answers on a grid of small states of a problem's game, beside the
      -- true ones (server/mistakes/). Made on request, from a source or a stored submission.
      CREATE TABLE mistake_maps (
        id          INTEGER PRIMARY KEY,
        problem     TEXT NOT NULL REFERENCES problems(slug),
        source      TEXT NOT NULL,
        language    TEXT NOT NULL DEFAULT 'typescript' CHECK (language IN ('typescript', 'javascript')),
        -- The submission it was made from, or NULL for a source sent as it is. No foreign key: a
        -- distributed worker mirrors the map's row without the submission's.
        submission  INTEGER,
        status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        -- The program's answers, one letter per grid state in the grid's order: W, L or ? (no answer).
        got         TEXT,
        -- The true answers in the same order, and how many states differ.
        truth       TEXT,
        disagree    INTEGER,
        -- A compile error or the judge's own failure; NULL when the map was drawn.
        error       TEXT,
        attempts    INTEGER NOT NULL DEFAULT 0,
        created_at  INTEGER NOT NULL,
        finished_at INTEGER,
        -- Who asked (accounts mode); NULL in local mode. Only its owner (or a teacher) sees it.
        owner       INTEGER REFERENCES accounts(id),
        -- The person who asked (personOf: 'account:<id>', or the address without accounts): the
        -- queue's turns and caps count the map as theirs.
        client      TEXT NOT NULL DEFAULT '',
        CHECK ((status = 'done') = (got IS NOT NULL OR error IS NOT NULL))
      ) STRICT;
      CREATE INDEX mistake_maps_by_status ON mistake_maps (status, id);
      CREATE INDEX mistake_maps_by_submission ON mistake_maps (submission, id);
      CREATE INDEX mistake_maps_by_problem ON mistake_maps (problem, got);
    `,
  },
  {
    version: 28,
    name: 'contests: timed rounds with their problems, rules, freeze, tools and participants',
    sql: `
      CREATE TABLE contests (
        id              INTEGER PRIMARY KEY,
        name            TEXT NOT NULL,
        -- JSON array of problem slugs in round order; the position gives the label A, B, C …
        problems        TEXT NOT NULL,
        starts_at       INTEGER NOT NULL,
        minutes         INTEGER NOT NULL CHECK (minutes > 0),
        rules           TEXT NOT NULL CHECK (rules IN ('icpc', 'practice')),
        freeze_minutes  INTEGER NOT NULL DEFAULT 0 CHECK (freeze_minutes >= 0),
        -- JSON {"stress", "lab", "hints"}: which helpers stay available to contestants in the round.
        tools           TEXT NOT NULL,
        -- JSON array of account ids, or NULL for the whole class.
        participants    TEXT,
        -- Set by "end now"; the round is over at min(starts_at + minutes, ended_at).
        ended_at        INTEGER,
        unfrozen_at     INTEGER,
        created_by      INTEGER REFERENCES accounts(id),
        created_at      INTEGER NOT NULL
      ) STRICT;
      -- The round a submission was made in (by a participant, between start and end); NULL otherwise.
      ALTER TABLE submissions ADD COLUMN contest INTEGER REFERENCES contests(id);
      CREATE INDEX submissions_by_contest ON submissions (contest, id);
    `,
  },
  {
    version: 29,
    name: 'contest questions, answers, announcements and virtual participations',
    sql: `
      CREATE TABLE contest_messages (
        id          INTEGER PRIMARY KEY,
        contest     INTEGER NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        kind        TEXT NOT NULL CHECK (kind IN ('question', 'announcement')),
        problem     TEXT,
        author      INTEGER REFERENCES accounts(id),
        text        TEXT NOT NULL,
        answer      TEXT,
        answered_by INTEGER REFERENCES accounts(id),
        -- An answer to everyone is shown to every contestant; otherwise only to the asker.
        to_all      INTEGER NOT NULL DEFAULT 0,
        created_at  INTEGER NOT NULL,
        answered_at INTEGER
      ) STRICT;
      CREATE INDEX contest_messages_by_contest ON contest_messages (contest, id);

      -- A virtual round: the person's own clock starts at started_at. owner is NULL in local mode.
      CREATE TABLE contest_virtuals (
        id          INTEGER PRIMARY KEY,
        contest     INTEGER NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        owner       INTEGER REFERENCES accounts(id),
        started_at  INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX contest_virtuals_one_each ON contest_virtuals (contest, IFNULL(owner, 0));
      -- Submissions made during a virtual round point at it (they never enter the real board).
      ALTER TABLE submissions ADD COLUMN contest_virtual INTEGER REFERENCES contest_virtuals(id);
    `,
  },
  {
    version: 30,
    name: 'stored problems: packages imported from outside (or published drafts), kept in the database',
    sql: `
      -- A problem whose package lives here, not in problems/<slug>/: its row in problems and its
      -- tests in tests are written with it, and kept by backups (they are not derived from files).
      CREATE TABLE stored_problems (
        slug        TEXT PRIMARY KEY REFERENCES problems(slug) ON DELETE CASCADE,
        owner       INTEGER REFERENCES accounts(id),
        -- 0: a draft, seen by teachers only, not in the problem list and not judged for students.
        published   INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
        -- JSON: checker (token options or a TypeScript output validator), the solution table and
        -- its sources, notes, the package's name, source, license and statement format.
        package     TEXT NOT NULL,
        -- TypeScript exporting generate(rng, size), or NULL: stress tests are off without one.
        generator   TEXT,
        stored_at   INTEGER NOT NULL
      ) STRICT;
      -- Bumped by every store or removal, so a server notices a problem imported beside it with one
      -- read of one row instead of a scan.
      CREATE TABLE stored_problems_version (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        version  INTEGER NOT NULL
      ) STRICT;
      INSERT INTO stored_problems_version (id, version) VALUES (1, 0);
    `,
  },
  {
    version: 32,
    name: 'problem drafts: a teacher\'s problem (typed or from the lab) checked by a queued job before it is published',
    sql: `
      CREATE TABLE problem_drafts (
        id           INTEGER PRIMARY KEY,
        slug         TEXT NOT NULL,
        -- The teacher who made it (accounts mode); NULL in local mode.
        owner        INTEGER REFERENCES accounts(id),
        -- The person key (personOf) whose turns and caps the checks take.
        client       TEXT NOT NULL DEFAULT '',
        status       TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        -- Once done: 'ready' (every check passed) or 'failed'.
        outcome      TEXT CHECK (outcome IN ('ready', 'failed')),
        -- JSON: the package, its SG Judge files and the tests whose answers the reference writes.
        draft        TEXT NOT NULL,
        -- JSON: the solution table so far, the reasons it cannot be published, the tests added.
        rows         TEXT,
        reasons      TEXT,
        added        TEXT,
        attempts     INTEGER NOT NULL DEFAULT 0,
        created_at   INTEGER NOT NULL,
        finished_at  INTEGER,
        published_at INTEGER,
        CHECK ((status = 'done') = (outcome IS NOT NULL))
      ) STRICT;
      CREATE INDEX problem_drafts_by_status ON problem_drafts (status, id);
    `,
  },
  {
    version: 34,
    name: 'rejudges: a teacher’s rejudge of a problem, a contest or one submission, item by item',
    sql: `
      CREATE TABLE rejudges (
        id          INTEGER PRIMARY KEY,
        -- The scope: exactly one of the three.
        problem     TEXT,
        contest     INTEGER REFERENCES contests(id) ON DELETE CASCADE,
        submission  INTEGER REFERENCES submissions(id) ON DELETE CASCADE,
        status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
        -- Judged submissions in scope when it was asked for (later ones meet the current tests anyway).
        total       INTEGER NOT NULL,
        upto        INTEGER NOT NULL,
        -- Items are made a chunk at a time: the last submission id given one.
        cursor      INTEGER NOT NULL DEFAULT 0,
        created_by  INTEGER REFERENCES accounts(id),
        created_at  INTEGER NOT NULL,
        finished_at INTEGER,
        CHECK ((problem IS NOT NULL) + (contest IS NOT NULL) + (submission IS NOT NULL) = 1)
      ) STRICT;
      CREATE INDEX rejudges_by_status ON rejudges (status, id);

      -- One submission judged again. No foreign keys: a judge worker's database mirrors this row
      -- alone (its source and owner are copied here for that), without the rejudge or the submission.
      CREATE TABLE rejudge_items (
        id          INTEGER PRIMARY KEY,
        rejudge     INTEGER NOT NULL,
        submission  INTEGER NOT NULL,
        problem     TEXT NOT NULL,
        owner       INTEGER,
        source      TEXT NOT NULL,
        language    TEXT NOT NULL,
        status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        attempts    INTEGER NOT NULL DEFAULT 0,
        -- The stored verdict just before the new one replaced it, and the new one (the history).
        before      TEXT,
        after       TEXT,
        -- The judge failed on it: the submission keeps its verdict.
        error       TEXT,
        created_at  INTEGER NOT NULL,
        finished_at INTEGER
      ) STRICT;
      CREATE INDEX rejudge_items_by_status ON rejudge_items (status, id);
      CREATE INDEX rejudge_items_by_rejudge ON rejudge_items (rejudge, id);
      CREATE INDEX rejudge_items_by_submission ON rejudge_items (submission, id);
    `,
  },
  {
    version: 37,
    name: 'lab job errors by message id',
    // A lab job's error as a message id and arguments (server/text/messages.ts), JSON, beside its
    // English sentence: a Chinese page says it by id instead of parsing the sentence back.
    sql: `ALTER TABLE lab_jobs ADD COLUMN error_said TEXT;`,
  },
  {
    version: 39,
    name: 'test and invocation messages by message id',
    // The checker's, sandbox's or interactor's message as an id and arguments (JSON), beside the
    // English sentence, as lab jobs' error_said. Rows from before stay NULL: pages show their
    // English as stored. Sample runs and stress counterexamples keep it inside their JSON.
    sql: `
      ALTER TABLE submission_tests ADD COLUMN message_said TEXT;
      ALTER TABLE invocations ADD COLUMN message_said TEXT;
    `,
  },
  {
    version: 42,
    name: 'problem imports: an uploaded package zip checked and stored by a queued job',
    sql: `
      CREATE TABLE problem_imports (
        id           INTEGER PRIMARY KEY,
        -- The teacher who uploaded it (accounts mode); NULL in local mode.
        owner        INTEGER REFERENCES accounts(id),
        -- The person key (personOf) whose turns and caps the import takes.
        client       TEXT NOT NULL DEFAULT '',
        status       TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
        -- Once done: 'stored' or 'refused'.
        outcome      TEXT CHECK (outcome IN ('stored', 'refused')),
        -- The upload's file name, and its zip's name under DATA_DIR/imports (removed once done).
        file_name    TEXT,
        zip          TEXT NOT NULL,
        -- ?as=NAME and ?replace=1 as asked.
        store_as     TEXT,
        replace_existing INTEGER NOT NULL DEFAULT 0,
        -- The short name stored under; JSON: the solution table so far, the refusal reasons, the notes.
        slug         TEXT,
        rows         TEXT,
        reasons      TEXT,
        notes        TEXT,
        attempts     INTEGER NOT NULL DEFAULT 0,
        created_at   INTEGER NOT NULL,
        finished_at  INTEGER,
        CHECK ((status = 'done') = (outcome IS NOT NULL))
      ) STRICT;
      CREATE INDEX problem_imports_by_status ON problem_imports (status, id);
    `,
  },
  {
    version: 47,
    name: 'contests: the freeze as a stored absolute time; virtual rounds\' submissions indexed',
    // The freeze used to be worked out from the end (played minutes − freeze minutes), so extending a
    // round during its freeze showed what it hid and "end now" hid again what was shown. freeze_at is
    // its own time now; existing rounds get the start their boards showed until this version (from the
    // length actually played, rounded up to a minute), so nothing seen is hidden again nor the reverse.
    sql: `
      ALTER TABLE contests ADD COLUMN freeze_at INTEGER;
      UPDATE contests SET freeze_at = starts_at + 60000 * MAX(0,
          MAX(1, (MIN(starts_at + minutes * 60000, IFNULL(ended_at, starts_at + minutes * 60000)) - starts_at + 59999) / 60000) - freeze_minutes)
        WHERE freeze_minutes > 0;
      CREATE INDEX submissions_by_contest_virtual ON submissions (contest_virtual, id) WHERE contest_virtual IS NOT NULL;
    `,
  },
  {
    version: 48,
    name: 'contest-only problems: a problem held for a round until it starts',
    // A held problem is listed, opened and submitted only by the round's contestants from its
    // start, and by everyone once the round is over; the teacher releases it earlier by deleting
    // the row (server/http/problem-sight.ts). Keyed by slug, as every table names a problem.
    sql: `
      CREATE TABLE problem_holds (
        problem     TEXT PRIMARY KEY,
        contest     INTEGER NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        held_at     INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 49,
    name: 'stored problems: what a page asks of one (interactive, its reference, a generator) in a table of its own',
    // A page asked whether a stored problem has a runnable reference with json_extract over its
    // whole package JSON (sources, sg-judge/ files): 0.65 s a view for a package of 120 MiB of
    // extras. Columns added to stored_problems would sit after that JSON in the row, and reading
    // them walks its overflow pages all the same, so the facts have a small table: written with the
    // package (server/problem-store/store.ts), filled once here from the JSON of those stored before.
    sql: `
      CREATE TABLE stored_problem_facts (
        slug            TEXT PRIMARY KEY REFERENCES stored_problems(slug) ON DELETE CASCADE,
        interactive     INTEGER NOT NULL CHECK (interactive IN (0, 1)),
        -- 'ok': an accepted TypeScript or JavaScript solution runs as the reference; 'language':
        -- accepted ones only in other languages; 'none': no accepted one. reference_name: accepted/x.
        reference_state TEXT NOT NULL CHECK (reference_state IN ('ok', 'language', 'none')),
        reference_name  TEXT,
        has_generator   INTEGER NOT NULL CHECK (has_generator IN (0, 1))
      ) STRICT;
      INSERT INTO stored_problem_facts (slug, interactive, reference_state, reference_name, has_generator)
      SELECT slug,
        coalesce(json_extract(package, '$.type') = 'interactive' OR json_extract(package, '$.validation') LIKE '%interactive%', 0),
        CASE
          WHEN EXISTS (SELECT 1 FROM json_each(package, '$.solutions') WHERE json_extract(value, '$.folder') = 'accepted' AND json_extract(value, '$.source') IS NOT NULL AND json_extract(value, '$.language') <> 'other') THEN 'ok'
          WHEN EXISTS (SELECT 1 FROM json_each(package, '$.solutions') WHERE json_extract(value, '$.folder') = 'accepted') THEN 'language'
          ELSE 'none' END,
        coalesce(
          (SELECT 'accepted/' || json_extract(value, '$.name') FROM json_each(package, '$.solutions')
            WHERE json_extract(value, '$.folder') = 'accepted' AND json_extract(value, '$.source') IS NOT NULL AND json_extract(value, '$.language') <> 'other' ORDER BY key LIMIT 1),
          (SELECT 'accepted/' || json_extract(value, '$.name') FROM json_each(package, '$.solutions') WHERE json_extract(value, '$.folder') = 'accepted' ORDER BY key LIMIT 1)),
        generator IS NOT NULL
      FROM stored_problems;
    `,
  },
  {
    version: 50,
    name: 'C++ and Python: every stored language column takes the registry\'s ids',
    // SQLite cannot change a CHECK in place: each table is rebuilt from its own stored definition
    // with the new list (every row, index and reference kept). The ids are a contract
    // (docs/languages.md); a language added later comes with a migration like this one.
    // compile_cached: the submission's program came from the compile cache (the same source and
    // compiler compiled before), so nothing was compiled for it.
    sql: 'ALTER TABLE submissions ADD COLUMN compile_cached INTEGER NOT NULL DEFAULT 0;',
    foreignKeysOff: true,
    run: (db) => languageChecks(db, ['typescript', 'javascript'], ['typescript', 'javascript', 'cpp17', 'cpp20', 'python3', 'pypy3']),
  },
  {
    version: 51,
    name: 'mistake maps: whether the CPU budget stopped the map before every state was run',
    // Its "?" cells were then not run, which the page says in a sentence of its own rather than
    // leaving them to read as the program's failures. Maps drawn before were not told: 0.
    sql: 'ALTER TABLE mistake_maps ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1));',
  },
  {
    version: 52,
    name: 'stored problems: a statement given only as a PDF and the attachments/ files, served to students',
    // Files of their own rows, not in the package JSON: the page lists names and sizes without
    // reading any bytes (the data is the row's last column), and a download reads one row.
    // Removed with the problem.
    sql: `
      CREATE TABLE stored_problem_files (
        slug        TEXT NOT NULL REFERENCES stored_problems(slug) ON DELETE CASCADE,
        -- 'statement': problem.LANG.pdf (lang set); 'attachment': attachments/NAME (lang NULL).
        kind        TEXT NOT NULL CHECK (kind IN ('statement', 'attachment')),
        name        TEXT NOT NULL,
        lang        TEXT,
        media_type  TEXT NOT NULL,
        size        INTEGER NOT NULL,
        data        BLOB NOT NULL,
        PRIMARY KEY (slug, kind, name)
      ) STRICT;
    `,
  },
  {
    version: 53,
    name: 'C: every stored language column takes c11',
    // As version 50: each table rebuilt from its own stored definition with the longer list.
    sql: '',
    foreignKeysOff: true,
    run: (db) => languageChecks(db, ['typescript', 'javascript', 'cpp17', 'cpp20', 'python3', 'pypy3'], ['typescript', 'javascript', 'cpp17', 'cpp20', 'c11', 'python3', 'pypy3']),
  },
  {
    version: 54,
    name: 'stored problems: a C++ or Python accepted solution judged AC at import is the reference',
    // Custom inputs, saved tests and stress tests of a real package (its accepted solutions are
    // C++ and Python) were off; its facts are read again from the stored package, C++ first, as
    // server/problem-store/sandboxed-reference.ts picks.
    sql: `
      UPDATE stored_problem_facts SET reference_state = 'ok', reference_name = (
        SELECT 'accepted/' || json_extract(s.value, '$.name') FROM stored_problems p, json_each(p.package, '$.solutions') s
        WHERE p.slug = stored_problem_facts.slug AND json_extract(s.value, '$.folder') = 'accepted' AND json_extract(s.value, '$.source') IS NOT NULL
          AND json_extract(s.value, '$.language') IN ('cpp', 'python') AND json_extract(s.value, '$.got') = 'AC'
        ORDER BY json_extract(s.value, '$.language') = 'python', s.key LIMIT 1)
      WHERE reference_state = 'language' AND EXISTS (
        SELECT 1 FROM stored_problems p, json_each(p.package, '$.solutions') s
        WHERE p.slug = stored_problem_facts.slug AND json_extract(s.value, '$.folder') = 'accepted' AND json_extract(s.value, '$.source') IS NOT NULL
          AND json_extract(s.value, '$.language') IN ('cpp', 'python') AND json_extract(s.value, '$.got') = 'AC');
    `,
  },
  {
    version: 55,
    name: 'package feedback: a failing test keeps its checker or interactor\'s judgemessage.txt for the teacher',
    // What a package's output validator or interactor wrote to feedback/judgemessage.txt on the
    // failing test (it may name the answer): the submission page shows it to a teacher only.
    sql: 'ALTER TABLE submission_tests ADD COLUMN judge_message TEXT;',
  },
];
