/**
 * Who may see and change what, in one place. `may(viewer, action, object)` is the rule; `listScope`
 * is the same rule as a filter for list queries; `guardedRouter` loads every `:id`-like route
 * parameter through `router.param`, so a route declared on it cannot skip the check.
 *
 * The rule: in local mode the one person, and in accounts mode a teacher, may do everything; a
 * student may read and change their own work, and read shared saved tests (owner null). Anything
 * else answers exactly as a missing id does: same status, same sentence, and the same single
 * owner lookup, so neither the answer nor its cost tells whether someone else's work exists.
 * Teachers' own tools (a rejudge) answer a student 403 with a sentence before any lookup, whatever
 * the id, so that answer tells nothing either.
 *
 * Contests are not owned work: who sees a round, its problems, its board through the freeze and its
 * questions turns on the round's phase and on who takes part (`ContestSight`, below). Nor is a
 * problem: one a teacher holds for a round is seen as its round allows (`ProblemSight`).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Db } from '../storage/db';
import { prepared } from '../storage/db';
import { viewerOf, type Viewer } from './auth/viewer';
import { badRequest, HttpError, notFound } from './errors';
import { said, type Said } from '../text/messages';
import type { Phase } from '../rules/window';

export type Action = 'read' | 'change';

/** The kinds of stored work a route parameter names. */
export type Kind = 'submission' | 'stressRun' | 'invocation' | 'sampleRun' | 'labJob' | 'savedTest' | 'mistakeMap' | 'storedProblem' | 'rejudge';

export interface OwnedWork {
  kind: Kind;
  owner: number | null;
}

/**
 * What of a contest is asked about: `round` (the round itself: its page, board route, questions),
 * `problems` (which problems it has), `liveBoard` (the board through the freeze), `message` (a
 * question or announcement; `owner` is its author), `messageAuthor` (who asked it).
 */
export type ContestPart = 'round' | 'problems' | 'liveBoard' | 'message' | 'messageAuthor';

export interface ContestSight {
  kind: 'contest';
  part: ContestPart;
  /** The round's phase: `server/rules/window.ts`'s, as every reader's. */
  phase: Phase;
  /** The viewer is one of the round's contestants. */
  takesPart: boolean;
  /** The teacher unfroze the board after the round. */
  unfrozen: boolean;
  /** For a message: its author, and whether it is for everyone (an announcement, an answer marked toAll). */
  owner?: number | null;
  toAll?: boolean;
}

/**
 * A problem a teacher holds for a round (a contest-only problem): `phase` is that round's, and
 * `takesPart` whether the viewer is one of its contestants. A problem no round holds is `held: false`.
 */
export type ProblemSight = { kind: 'problem'; held: false } | { kind: 'problem'; held: true; phase: 'before' | 'running' | 'over'; takesPart: boolean };

export type Owned = OwnedWork | ContestSight | ProblemSight;

/**
 * A stored problem (an imported package) is owned by the teacher who brought it in, or by no one
 * (the command line, local mode): bringing one in or changing one is `may(viewer, 'change',
 * { kind: 'storedProblem', owner })`, which only a teacher or the local person passes.
 */
export function may(viewer: Viewer, action: Action, object: Owned): boolean {
  if (viewer.kind === 'local' || viewer.role === 'teacher') return true;
  if (object.kind === 'contest') return action === 'read' && contestRead(viewer.id, object);
  // A held problem: its round's contestants from the start, everyone once the round is over.
  if (object.kind === 'problem') return action === 'read' && (!object.held || object.phase === 'over' || (object.phase === 'running' && object.takesPart));
  // A teacher's tool: no student acts on it, whoever started it.
  if (object.kind === 'rejudge') return false;
  if (object.owner === viewer.id) return true;
  // A saved test with no owner is one of the problem's shared tests: everyone runs it, only a teacher changes it.
  return object.kind === 'savedTest' && object.owner === null && action === 'read';
}

/**
 * A student and a contest (only a teacher changes one): a round is seen by its contestants, and by
 * everyone once it is over (to read and practise it); its problems once it has started; the live
 * board (each try after the freeze) only once the teacher unfroze it; a message if it is for
 * everyone or is their own question, but never who asked. Someone else's submissions stay theirs (kind `submission`).
 */
function contestRead(id: number, c: ContestSight): boolean {
  switch (c.part) {
    case 'round':
      return c.takesPart || c.phase === 'over';
    case 'problems':
      return c.phase !== 'before';
    case 'liveBoard':
      return c.unfrozen;
    case 'message':
      return c.toAll === true || c.owner === id;
    case 'messageAuthor':
      return false;
  }
}

/** The owner a list query keeps rows of: a student's own id; undefined (every row) for a teacher or local mode. */
export function listScope(viewer: Viewer): number | undefined {
  return viewer.kind === 'account' && viewer.role === 'student' ? viewer.id : undefined;
}

interface KindSpec {
  /** The parsed id, or null when the text cannot be one. */
  parse(raw: string): number | string | null;
  /** The stored row's owner, or undefined when there is none. */
  owner(db: Db, id: number | string, req: Request): { owner: number | null } | undefined;
  /** The sentence for a missing (or someone else's) id. */
  missing(raw: string): string | Said;
  /** The sentence for text that is not an id of this kind. */
  malformed(raw: string): string | Said;
  /** Only teachers (and local mode) use this kind: a student's answer, 403, before any lookup. */
  teacherOnly?: string;
}

const short = (raw: string): string => raw.slice(0, 30);
const positive = (raw: string): number | null => (/^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);
const ownerQuery = (table: string) => (db: Db, id: number | string) => prepared(db, `SELECT owner FROM ${table} WHERE id = ?`).get(id) as { owner: number | null } | undefined;

const KINDS: Record<Kind, KindSpec> = {
  submission: {
    parse: positive,
    owner: ownerQuery('submissions'),
    missing: (raw) => said('error.no-submission', short(raw)),
    malformed: (raw) => said('error.not-a-submission', short(raw)),
  },
  stressRun: {
    parse: positive,
    owner: ownerQuery('stress_runs'),
    missing: (raw) => said('error.no-stress-run', short(raw)),
    malformed: (raw) => said('error.not-a-stress-run', short(raw)),
  },
  invocation: {
    parse: positive,
    owner: ownerQuery('invocations'),
    missing: (raw) => said('error.no-invocation', short(raw)),
    malformed: (raw) => said('error.not-an-invocation', short(raw)),
  },
  sampleRun: {
    parse: positive,
    owner: ownerQuery('sample_runs'),
    missing: (raw) => said('error.no-sample-run', short(raw)),
    malformed: (raw) => said('error.not-a-sample-run', short(raw)),
  },
  labJob: {
    parse: positive,
    owner: ownerQuery('lab_jobs'),
    missing: (raw) => said('error.no-lab-job', short(raw)),
    malformed: () => 'A lab job id is a positive integer.',
  },
  mistakeMap: {
    parse: positive,
    owner: ownerQuery('mistake_maps'),
    missing: (raw) => said('error.no-mistake-map', short(raw)),
    malformed: (raw) => `"${short(raw)}" is not a mistake map id (a positive integer).`,
  },
  storedProblem: {
    parse: (raw) => (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw) && raw.length <= 64 ? raw : null),
    owner: (db, slug) => prepared(db, 'SELECT owner FROM stored_problems WHERE slug = ?').get(slug) as { owner: number | null } | undefined,
    missing: (raw) => said('error.no-stored-problem', short(raw)),
    malformed: (raw) => `"${short(raw)}" is not a problem's short name.`,
  },
  rejudge: {
    parse: positive,
    owner: (db, id) => prepared(db, 'SELECT created_by AS owner FROM rejudges WHERE id = ?').get(id) as { owner: number | null } | undefined,
    missing: (raw) => said('error.no-rejudge', short(raw)),
    malformed: (raw) => `"${short(raw)}" is not a rejudge id (a positive integer).`,
    teacherOnly: 'Only a teacher can rejudge submissions or follow a rejudge.',
  },
  savedTest: {
    // Positions (bare numbers) pass through to the route, which answers them with a 400 naming the
    // viewer's own test at that position; they never reach a row.
    parse: (raw) => (/^t[0-9a-f]{12}$/.test(raw) ? raw : /^[0-9]{1,9}$/.test(raw) ? raw : null),
    owner: (db, id, req) => prepared(db, "SELECT owner FROM tests WHERE problem = ? AND public_id = ? AND kind = 'user'").get(String(req.params.slug), id) as { owner: number | null } | undefined,
    missing: (raw) => said('error.no-saved-test', short(raw)),
    malformed: (raw) => `"${short(raw)}" is not a user test id (a "t" and 12 hex digits, from GET /api/problems/:slug/tests).`,
  },
};

/** The route parameter name of each kind: `/submissions/:submission`, `/api/lab/:labJob`, … */
export const PARAM: Record<Kind, Kind> = { submission: 'submission', stressRun: 'stressRun', invocation: 'invocation', sampleRun: 'sampleRun', labJob: 'labJob', savedTest: 'savedTest', mistakeMap: 'mistakeMap', storedProblem: 'storedProblem', rejudge: 'rejudge' };

export interface GuardOptions {
  /** The action the router's routes take on the object (a route that changes it says 'change'). */
  action?: Action;
  /** How malformed ids answer: 400 (the API) or the missing id's 404 (pages, where a link was mistyped). */
  malformed?: 400 | 404;
}

/**
 * A router on which every kind's parameter is loaded and checked before any handler runs. Handlers
 * read the checked id with `loadedId(res, kind)`.
 */
export function guardedRouter(db: Db, opts: GuardOptions = {}): express.Router {
  const router = express.Router();
  for (const kind of Object.keys(KINDS) as Kind[]) {
    router.param(PARAM[kind], (req: Request, res: Response, next: NextFunction, raw: string) => {
      const spec = KINDS[kind];
      const viewer = viewerOf(res);
      if (spec.teacherOnly && viewer.kind === 'account' && viewer.role !== 'teacher') throw new HttpError(403, spec.teacherOnly);
      const id = spec.parse(String(raw));
      if (id === null) throw (opts.malformed ?? 400) === 400 ? badRequest(spec.malformed(String(raw))) : notFound(spec.missing(String(raw)));
      const loaded = (res.locals.loaded ??= {}) as Partial<Record<Kind, number | string>>;
      // A saved test named by position is no row: the route answers it with its own 400.
      if (kind === 'savedTest' && !String(id).startsWith('t')) {
        loaded[kind] = id;
        return next();
      }
      const row = spec.owner(db, id, req);
      const action = opts.action ?? (req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'change');
      if (!row || !may(viewer, action, { kind, owner: row.owner })) throw notFound(spec.missing(String(raw)));
      loaded[kind] = id;
      next();
    });
  }
  return router;
}

/** The id the loader checked for this request; throws when a route names a kind it did not load. */
export function loadedId(res: Response, kind: 'savedTest' | 'storedProblem'): string;
export function loadedId(res: Response, kind: Exclude<Kind, 'savedTest' | 'storedProblem'>): number;
export function loadedId(res: Response, kind: Kind): number | string {
  const id = (res.locals.loaded as Partial<Record<Kind, number | string>> | undefined)?.[kind];
  if (id === undefined) throw new Error(`route reads a ${kind} id its router did not load (declare it as :${PARAM[kind]})`);
  return id;
}
