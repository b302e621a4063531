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
import { roundsNow, submissionRound, type Contest, type ContestTools, type RoundNow } from '../storage/contests';
import { showsFailingTests } from '../rules/round-rules';
import { isTeacher, ownerFor } from './auth/viewer';
import { HttpError } from './errors';
import { said, type Said } from '../text/messages';

export type RoundTool = keyof ContestTools;

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
 * The round that keeps this viewer from the failing test of this submission now (its input, the
 * expected and the program's output, the checker's message), or null. By the rules table's
 * `showsFailingTests` (server/rules/round-rules.ts): in an ICPC or practice round, real or virtual,
 * only the verdict and the test's number while it runs (as DOMjudge and Hydro); after it, its tests
 * are the upsolving tests anyone meets, so they are shown. Teachers always see them.
 */
export function failingTestHiddenBy(db: Db, res: Response, submission: number, now = Date.now()): Contest | null {
  if (isTeacher(res)) return null;
  const round = submissionRound(db, submission, now);
  return round && !showsFailingTests(round.rule) && round.window.phase !== 'over' ? round.contest : null;
}
