/**
 * What a contestant may run or read while a round of theirs runs, decided here and declared by each
 * route where it is registered (Hydro's `ctx.Route(name, path, Handler, PERM)`): a helper's route
 * lists `needsTool(db, 'stress')` among its handlers, so the gate runs for exactly the requests the
 * route serves, whatever the spelling of the path (a trailing slash, capitals, an encoded letter):
 * a spelling the route does not match reaches no handler at all.
 *
 * The helpers a teacher turns off for a round (an exam):
 * - `stress`: every way to run a program on inputs of one's own choosing or against the reference:
 *   stress runs, custom invocations, mistake maps, and saving a test (its answer is the reference's);
 * - `lab`: the SG lab, its pages and its API (a round problem's own table included);
 * - `hints`: the hints and the editorial (the problem page hides them itself, with a sentence).
 *
 * A helper is off for a person while any round they are in runs with it off: a real round they take
 * part in, or their own virtual round. Teachers (and the one person of local mode) are never gated.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../storage/db';
import { prepared } from '../storage/db';
import { contestPhase, getContest, playedMinutes, takesPart, type Contest, type ContestTools } from '../storage/contests';
import type { Rules } from '../contests/board';
import { isTeacher, ownerFor } from './auth/viewer';
import { HttpError } from './errors';
import { said, type Said } from '../text/messages';

export type RoundTool = keyof ContestTools;

export interface RoundNow {
  contest: Contest;
  /** The person's own virtual round of it (their own clock), not the real one. */
  virtual: boolean;
  /** When it ends for this person (ms). */
  endsAt: number;
  /** When it started for this person (ms). */
  startedAt: number;
}

const MINUTE = 60_000;

/**
 * The rounds this person is in at `now`: the running real rounds they take part in, and their
 * virtual rounds still on their own clock. Only rounds that have started are read (one indexed
 * range), never the whole table.
 */
export function roundsNow(db: Db, owner: number | null, now = Date.now()): RoundNow[] {
  const ids = prepared(db, 'SELECT id FROM contests WHERE starts_at <= ? AND (ended_at IS NULL OR ended_at > ?) AND starts_at + minutes * 60000 > ?').all(now, now, now) as { id: number }[];
  const rounds: RoundNow[] = [];
  for (const { id } of ids) {
    const c = getContest(db, id);
    if (c && contestPhase(c, now) === 'running' && takesPart(db, c, owner)) rounds.push({ contest: c, virtual: false, startedAt: c.startsAt, endsAt: Math.min(c.startsAt + c.minutes * MINUTE, c.endedAt ?? Infinity) });
  }
  const virtuals = prepared(db, 'SELECT contest, started_at AS startedAt FROM contest_virtuals WHERE IFNULL(owner, 0) = IFNULL(?, 0) AND started_at <= ?').all(owner, now) as { contest: number; startedAt: number }[];
  for (const v of virtuals) {
    const c = getContest(db, v.contest);
    if (!c) continue;
    const endsAt = v.startedAt + playedMinutes(c) * MINUTE;
    if (now < endsAt) rounds.push({ contest: c, virtual: true, startedAt: v.startedAt, endsAt });
  }
  return rounds;
}

/** The round that turns this helper off for the viewer right now, or null (teachers: always null). */
export function toolOff(db: Db, res: Response, tool: RoundTool, now = Date.now()): RoundNow | null {
  if (isTeacher(res)) return null;
  return roundsNow(db, ownerFor(res), now).find((r) => !r.contest.tools[tool]) ?? null;
}

/** Every helper that is off for the viewer now, with the round's sentence (for pages that hide them). */
export function toolsOff(db: Db, res: Response, now = Date.now()): Partial<Record<RoundTool, Said>> {
  if (isTeacher(res)) return {};
  const rounds = roundsNow(db, ownerFor(res), now);
  const off: Partial<Record<RoundTool, Said>> = {};
  for (const tool of ['stress', 'lab', 'hints'] as const) {
    const r = rounds.find((x) => !x.contest.tools[tool]);
    if (r) off[tool] = offSentence(tool, r.contest.name);
  }
  return off;
}

export function offSentence(tool: RoundTool, round: string): Said {
  return said(`round.${tool}-off`, round);
}

/** A route's declaration of the helper it is: 403 with the round's sentence while that helper is off. */
export type ToolGate = RequestHandler & { readonly roundTool: RoundTool };

export function needsTool(db: Db, tool: RoundTool, now: () => number = Date.now): ToolGate {
  const gate = (_req: Request, res: Response, next: NextFunction): void => {
    const round = toolOff(db, res, tool, now());
    if (round) throw new HttpError(403, offSentence(tool, round.contest.name));
    next();
  };
  return Object.assign(gate, { roundTool: tool });
}

/**
 * Whether a submission's failing test (its input, the expected and the program's output, the
 * checker's message) is shown to its author, by the round's rules: not in an ICPC round while it
 * runs (DOMjudge and Hydro show only the verdict and the test's number); in a practice round, a
 * homework set and outside rounds, yes. After the round its tests are the upsolving tests anyone
 * meets, so they are shown again. The rules table's "failing tests shown" column, when it lands in
 * `server/contests/board.ts`, replaces the switch below.
 */
export function failingTestsShown(rules: Rules): boolean {
  return rules !== 'icpc';
}

/** The round that keeps this viewer from the failing test of this submission now, or null (teachers: always null). */
export function failingTestHiddenBy(db: Db, res: Response, submission: number, now = Date.now()): Contest | null {
  if (isTeacher(res)) return null;
  const s = prepared(
    db,
    `SELECT s.contest, v.contest AS virtualContest, v.started_at AS virtualStart FROM submissions s
     LEFT JOIN contest_virtuals v ON v.id = s.contest_virtual WHERE s.id = ?`,
  ).get(submission) as { contest: number | null; virtualContest: number | null; virtualStart: number | null } | undefined;
  if (!s) return null;
  if (s.contest !== null) {
    const c = getContest(db, s.contest);
    return c !== undefined && !failingTestsShown(c.rules) && contestPhase(c, now) !== 'over' ? c : null;
  }
  if (s.virtualContest !== null && s.virtualStart !== null) {
    const c = getContest(db, s.virtualContest);
    return c !== undefined && !failingTestsShown(c.rules) && now < s.virtualStart + playedMinutes(c) * MINUTE ? c : null;
  }
  return null;
}
