/**
 * Which problems this viewer may see now, by policy.ts's rule for held (contest-only) problems,
 * for every place a problem is named: lists, pages, the API, submissions, stress, custom inputs,
 * saved tests, mistake maps, sample runs, the lab, hints and exports. A hidden problem answers
 * exactly as a missing one ("There is no problem …", 404), so nothing tells that it exists.
 */
import type { Response } from 'express';
import type { Db } from '../storage/db';
import { getContest, takesPart } from '../storage/contests';
import { roundWindow } from '../rules/window';
import { listHolds } from '../storage/problem-holds';
import { viewerOf } from './auth/viewer';
import { notFound } from './errors';
import { may } from './policy';
import { said } from '../text/messages';

const HIDDEN = Symbol('hidden problems');

/** The held problems this viewer may not see now (read once per request: the holds are few). */
export function hiddenProblems(db: Db, res: Response, now = Date.now()): ReadonlySet<string> {
  const kept = res.locals[HIDDEN as unknown as string] as Set<string> | undefined;
  if (kept) return kept;
  const viewer = viewerOf(res);
  const hidden = new Set<string>();
  if (viewer.kind === 'account' && viewer.role !== 'teacher') {
    for (const h of listHolds(db)) {
      const c = getContest(db, h.contest);
      if (!c) continue;
      const phase = roundWindow(c, now).phase;
      if (!may(viewer, 'read', { kind: 'problem', held: true, phase, takesPart: phase === 'running' && takesPart(db, c, viewer.id) })) hidden.add(h.problem);
    }
  }
  res.locals[HIDDEN as unknown as string] = hidden;
  return hidden;
}

export function seesProblem(db: Db, res: Response, slug: string): boolean {
  return !hiddenProblems(db, res).has(slug);
}

/** Only the problems this viewer may see, in the order given. */
export function visibleProblems<T extends { slug: string }>(db: Db, res: Response, problems: T[]): T[] {
  const hidden = hiddenProblems(db, res);
  return hidden.size === 0 ? problems : problems.filter((p) => !hidden.has(p.slug));
}

/** Throws the missing problem's 404 when this viewer may not see it. */
export function requireProblemSight(db: Db, res: Response, slug: string): void {
  if (hiddenProblems(db, res).has(slug)) throw notFound(said('error.no-problem', slug.slice(0, 60)));
}
