/**
 * Contests in the database: the rounds, who takes part, which submissions belong to a round
 * (real or virtual), and the attempts the pure board module ranks.
 */
import type { Db } from './db';
import { prepared } from './db';
import type { BoardAttempt, BoardPerson, Rules } from '../contests/board';
import { freezeAtOf, roundWindow, virtualWindow, type Window } from '../rules/window';

export interface ContestTools {
  stress: boolean;
  lab: boolean;
  hints: boolean;
}

export interface ContestInput {
  name: string;
  problems: string[];
  startsAt: number;
  minutes: number;
  rules: Rules;
  freezeMinutes: number;
  tools: ContestTools;
  /** Account ids, or null for the whole class. */
  participants: number[] | null;
}

export interface Contest extends ContestInput {
  id: number;
  /** The freeze's start, absolute (ms): stored, so extending or ending the round never moves it; null: none. */
  freezeAt: number | null;
  endedAt: number | null;
  unfrozenAt: number | null;
  createdAt: number;
}

interface ContestRow {
  id: number;
  name: string;
  problems: string;
  starts_at: number;
  minutes: number;
  rules: Rules;
  freeze_minutes: number;
  freeze_at: number | null;
  tools: string;
  participants: string | null;
  ended_at: number | null;
  unfrozen_at: number | null;
  created_at: number;
}


function fromRow(r: ContestRow): Contest {
  return {
    id: r.id,
    name: r.name,
    problems: JSON.parse(r.problems) as string[],
    startsAt: r.starts_at,
    minutes: r.minutes,
    rules: r.rules,
    freezeMinutes: r.freeze_minutes,
    freezeAt: r.freeze_at,
    tools: JSON.parse(r.tools) as ContestTools,
    participants: r.participants === null ? null : (JSON.parse(r.participants) as number[]),
    endedAt: r.ended_at,
    unfrozenAt: r.unfrozen_at,
    createdAt: r.created_at,
  };
}

export function insertContest(db: Db, input: ContestInput, createdBy: number | null, now = Date.now()): number {
  const row = prepared(
    db,
    `INSERT INTO contests (name, problems, starts_at, minutes, rules, freeze_minutes, freeze_at, tools, participants, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  ).get(
    input.name,
    JSON.stringify(input.problems),
    input.startsAt,
    input.minutes,
    input.rules,
    input.freezeMinutes,
    freezeAtOf(input.startsAt, input.minutes, input.freezeMinutes),
    JSON.stringify(input.tools),
    input.participants === null ? null : JSON.stringify(input.participants),
    createdBy,
    now,
  ) as { id: number };
  return row.id;
}

export function updateContest(db: Db, id: number, input: ContestInput): void {
  prepared(
    db,
    `UPDATE contests SET name = ?, problems = ?, starts_at = ?, minutes = ?, rules = ?, freeze_minutes = ?, freeze_at = ?, tools = ?, participants = ? WHERE id = ?`,
  ).run(
    input.name,
    JSON.stringify(input.problems),
    input.startsAt,
    input.minutes,
    input.rules,
    input.freezeMinutes,
    freezeAtOf(input.startsAt, input.minutes, input.freezeMinutes),
    JSON.stringify(input.tools),
    input.participants === null ? null : JSON.stringify(input.participants),
    id,
  );
}

/** Extending a running round: its length only; the freeze keeps its stored time. */
export function setContestMinutes(db: Db, id: number, minutes: number): void {
  prepared(db, 'UPDATE contests SET minutes = ? WHERE id = ?').run(minutes, id);
}

export function endContestNow(db: Db, id: number, now = Date.now()): void {
  prepared(db, 'UPDATE contests SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(now, id);
}

export function unfreezeContest(db: Db, id: number, now = Date.now()): void {
  prepared(db, 'UPDATE contests SET unfrozen_at = ? WHERE id = ? AND unfrozen_at IS NULL').run(now, id);
}

export function getContest(db: Db, id: number): Contest | undefined {
  const r = prepared(db, 'SELECT * FROM contests WHERE id = ?').get(id) as ContestRow | undefined;
  return r && fromRow(r);
}

export function listContests(db: Db): Contest[] {
  return (prepared(db, 'SELECT * FROM contests ORDER BY starts_at DESC, id DESC').all() as ContestRow[]).map(fromRow);
}

function accountsMode(db: Db): boolean {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n > 0;
}

/** Whether this account (null: the one person of local mode) is a contestant of the round. */
export function takesPart(db: Db, c: Contest, owner: number | null): boolean {
  if (owner === null) return !accountsMode(db);
  if (c.participants !== null) return c.participants.includes(owner);
  const row = prepared(db, 'SELECT role FROM accounts WHERE id = ? AND removed_at IS NULL').get(owner) as { role: string } | undefined;
  return row?.role === 'student';
}

/**
 * Called once for every new submission: a contestant's submission to a round's problem while the
 * round runs carries the round; one made during the sender's virtual round carries that instead.
 * Later submissions (upsolving) carry neither and never enter a board. Both windows are
 * `server/rules/window.ts`'s, as every board's.
 */
export function tagContest(db: Db, submission: number): void {
  const s = prepared(db, 'SELECT problem, owner, created_at AS createdAt FROM submissions WHERE id = ?').get(submission) as
    | { problem: string; owner: number | null; createdAt: number }
    | undefined;
  if (!s) return;
  const running = prepared(
    db,
    `SELECT * FROM contests WHERE starts_at <= ? AND EXISTS (SELECT 1 FROM json_each(contests.problems) WHERE value = ?) ORDER BY id`,
  ).all(s.createdAt, s.problem) as ContestRow[];
  for (const c of running.map(fromRow)) {
    if (roundWindow(c, s.createdAt).phase === 'running' && takesPart(db, c, s.owner)) {
      prepared(db, 'UPDATE submissions SET contest = ? WHERE id = ?').run(c.id, submission);
      return;
    }
  }
  // The virtual round's own id under its own name: the contest's columns (its id too) come beside it.
  const virtuals = prepared(
    db,
    `SELECT v.id AS virtualId, v.started_at AS virtualStartedAt, c.* FROM contest_virtuals v JOIN contests c ON c.id = v.contest
     WHERE IFNULL(v.owner, 0) = IFNULL(?, 0) AND v.started_at <= ? AND EXISTS (SELECT 1 FROM json_each(c.problems) WHERE value = ?) ORDER BY v.id`,
  ).all(s.owner, s.createdAt, s.problem) as (ContestRow & { virtualId: number; virtualStartedAt: number })[];
  for (const v of virtuals) {
    if (virtualWindow(fromRow(v), v.virtualStartedAt, s.createdAt).phase === 'running') {
      prepared(db, 'UPDATE submissions SET contest_virtual = ? WHERE id = ?').run(v.virtualId, submission);
      return;
    }
  }
}

/** A round a person is in at `now`: a real round they take part in, or their own virtual round. */
export interface RoundNow {
  contest: Contest;
  window: Window;
  virtual: VirtualRound | null;
}

/**
 * Every round running at `now` for this person (null: the one person of local mode): the real rounds
 * they take part in and their running virtual rounds. What a contestant may use during a round, and
 * the problem page inside one, start from this.
 */
export function roundsNow(db: Db, owner: number | null, now: number): RoundNow[] {
  const out: RoundNow[] = [];
  const real = (prepared(db, 'SELECT * FROM contests WHERE starts_at <= ? AND (ended_at IS NULL OR ended_at > ?) ORDER BY id').all(now, now) as ContestRow[]).map(fromRow);
  for (const c of real) {
    const window = roundWindow(c, now);
    if (window.phase === 'running' && takesPart(db, c, owner)) out.push({ contest: c, window, virtual: null });
  }
  const virtuals = prepared(
    db,
    'SELECT id, contest, owner, started_at AS startedAt FROM contest_virtuals WHERE IFNULL(owner, 0) = IFNULL(?, 0) AND started_at <= ? ORDER BY id',
  ).all(owner, now) as VirtualRound[];
  for (const v of virtuals) {
    const c = getContest(db, v.contest);
    if (!c) continue;
    const window = virtualWindow(c, v.startedAt, now);
    if (window.phase === 'running') out.push({ contest: c, window, virtual: v });
  }
  return out;
}

/** The round (real, or the sender's virtual one) a submission was made in, with its window at `now`; null: none. */
export function submissionRound(db: Db, submission: number, now: number): { contest: Contest; window: Window; rule: Rules; virtual: VirtualRound | null } | null {
  const s = prepared(db, 'SELECT contest, contest_virtual AS virtual FROM submissions WHERE id = ?').get(submission) as { contest: number | null; virtual: number | null } | undefined;
  if (!s) return null;
  if (s.contest !== null) {
    const c = getContest(db, s.contest);
    return c ? { contest: c, window: roundWindow(c, now), rule: c.rules, virtual: null } : null;
  }
  if (s.virtual !== null) {
    const v = prepared(db, 'SELECT id, contest, owner, started_at AS startedAt FROM contest_virtuals WHERE id = ?').get(s.virtual) as VirtualRound | undefined;
    const c = v && getContest(db, v.contest);
    return v && c ? { contest: c, window: virtualWindow(c, v.startedAt, now), rule: c.rules, virtual: v } : null;
  }
  return null;
}

export interface VirtualRound {
  id: number;
  contest: number;
  owner: number | null;
  startedAt: number;
}

/** Starts this person's virtual round; a second start answers the existing one. */
export function startVirtual(db: Db, contest: number, owner: number | null, now = Date.now()): VirtualRound {
  prepared(db, 'INSERT OR IGNORE INTO contest_virtuals (contest, owner, started_at) VALUES (?, ?, ?)').run(contest, owner, now);
  return findVirtual(db, contest, owner)!;
}

export function findVirtual(db: Db, contest: number, owner: number | null): VirtualRound | undefined {
  return prepared(
    db,
    'SELECT id, contest, owner, started_at AS startedAt FROM contest_virtuals WHERE contest = ? AND IFNULL(owner, 0) = IFNULL(?, 0)',
  ).get(contest, owner) as VirtualRound | undefined;
}

const LOCAL_KEY = 'local';

/** The real contestants' rows: the listed accounts, or every student, or the local person. */
export function realPeople(db: Db, c: Contest): BoardPerson[] {
  if (!accountsMode(db)) return [{ key: LOCAL_KEY, name: 'you', displayName: 'you', virtual: false }];
  const rows = (
    c.participants === null
      ? prepared(db, "SELECT id, name, display_name AS displayName FROM accounts WHERE role = 'student' AND removed_at IS NULL ORDER BY id").all()
      : prepared(db, 'SELECT id, name, display_name AS displayName FROM accounts WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(c.participants))
  ) as { id: number; name: string; displayName: string }[];
  return rows.map((r) => ({ key: String(r.id), name: r.name, displayName: r.displayName || r.name, virtual: false }));
}

/** The judged attempts of the real round, timed from its start. */
export function realAttempts(db: Db, c: Contest): BoardAttempt[] {
  const rows = prepared(
    db,
    `SELECT id, problem, owner, verdict, created_at AS createdAt FROM submissions WHERE contest = ? AND status = 'done' ORDER BY id`,
  ).all(c.id) as { id: number; problem: string; owner: number | null; verdict: string; createdAt: number }[];
  return rows.map((r) => ({
    who: r.owner === null ? LOCAL_KEY : String(r.owner),
    problem: r.problem,
    submission: r.id,
    verdict: r.verdict,
    elapsedMs: r.createdAt - c.startsAt,
  }));
}

/** One virtual contestant's row key, person and attempts, timed from their own start. */
export function virtualEntry(db: Db, v: VirtualRound): { person: BoardPerson; attempts: BoardAttempt[] } {
  const who = v.owner === null ? undefined : (prepared(db, 'SELECT name, display_name AS displayName FROM accounts WHERE id = ?').get(v.owner) as { name: string; displayName: string } | undefined);
  const name = v.owner === null ? 'you' : (who?.name ?? '?');
  const displayName = v.owner === null ? 'you' : who?.displayName || name;
  const key = `v${v.id}`;
  const rows = prepared(
    db,
    `SELECT id, problem, verdict, created_at AS createdAt FROM submissions WHERE contest_virtual = ? AND status = 'done' ORDER BY id`,
  ).all(v.id) as { id: number; problem: string; verdict: string; createdAt: number }[];
  return {
    person: { key, name, displayName, virtual: true },
    attempts: rows.map((r) => ({ who: key, problem: r.problem, submission: r.id, verdict: r.verdict, elapsedMs: r.createdAt - v.startedAt })),
  };
}

export interface ContestMessage {
  id: number;
  kind: 'question' | 'announcement';
  problem: string | null;
  author: number | null;
  authorName: string | null;
  text: string;
  answer: string | null;
  toAll: boolean;
  createdAt: number;
  answeredAt: number | null;
}

export function addQuestion(db: Db, contest: number, author: number | null, problem: string | null, text: string, now = Date.now()): number {
  return (
    prepared(db, "INSERT INTO contest_messages (contest, kind, problem, author, text, created_at) VALUES (?, 'question', ?, ?, ?, ?) RETURNING id").get(
      contest,
      problem,
      author,
      text,
      now,
    ) as { id: number }
  ).id;
}

export function addAnnouncement(db: Db, contest: number, author: number | null, text: string, now = Date.now()): number {
  return (
    prepared(db, "INSERT INTO contest_messages (contest, kind, author, text, to_all, created_at) VALUES (?, 'announcement', ?, ?, 1, ?) RETURNING id").get(
      contest,
      author,
      text,
      now,
    ) as { id: number }
  ).id;
}

/** Returns false when there is no such question in this contest. */
export function answerQuestion(db: Db, contest: number, qid: number, by: number | null, text: string, toAll: boolean, now = Date.now()): boolean {
  const r = prepared(
    db,
    "UPDATE contest_messages SET answer = ?, answered_by = ?, to_all = ?, answered_at = ? WHERE id = ? AND contest = ? AND kind = 'question'",
  ).run(text, by, toAll ? 1 : 0, now, qid, contest);
  return r.changes > 0;
}

/** Every question and announcement of the round; who may read which is policy.ts's rule. */
export function messagesFor(db: Db, contest: number): ContestMessage[] {
  const rows = prepared(
    db,
    `SELECT m.id, m.kind, m.problem, m.author, a.name AS authorName, m.text, m.answer, m.to_all AS toAll, m.created_at AS createdAt, m.answered_at AS answeredAt
     FROM contest_messages m LEFT JOIN accounts a ON a.id = m.author WHERE m.contest = ? ORDER BY m.id`,
  ).all(contest) as (Omit<ContestMessage, 'toAll'> & { toAll: number })[];
  return rows.map((r) => ({ ...r, toAll: r.toAll === 1 }));
}
