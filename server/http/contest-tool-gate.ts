/**
 * During a round whose teacher turned the stress test, the lab or hints off (an exam), those
 * routes answer 403 with a sentence for the contestant. Teachers and local mode are never gated.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../storage/db';
import { roundsNow, type ContestTools } from '../storage/contests';
import { isTeacher, ownerFor } from './auth/viewer';
import { HttpError } from './errors';

/**
 * The routes each tool answers on: the stress test's family is every way to run a program on inputs
 * of one's own choosing or against the reference (stress runs, custom invocations, mistake maps),
 * through the API and through the pages' forms.
 */
const STRESS_PAGES = /^\/(problems\/[^/]+\/(stress|invoke|mistake-map)|submissions\/[^/]+\/mistake-map)$/;

function toolOf(req: Request): keyof ContestTools | null {
  const path = req.path.toLowerCase();
  if (req.method === 'POST' && (path === '/api/stress' || path === '/api/invocations' || path === '/api/mistake-maps' || STRESS_PAGES.test(path))) return 'stress';
  if (req.method === 'POST' && (path === '/api/lab' || path === '/api/lab/options' || path === '/lab')) return 'lab';
  if (req.method === 'GET' && /^\/api\/problems\/[^/]+\/hints\/[^/]+$/.test(path)) return 'hints';
  // The problem page reveals hints (`?hints=N`) and the editorial (`?editorial=show`) without JavaScript too.
  if (req.method === 'GET' && /^\/problems\/[^/]+$/.test(path) && (req.query.hints !== undefined || req.query.editorial !== undefined)) return 'hints';
  return null;
}

const NAMES: Record<keyof ContestTools, string> = { stress: 'The stress test is', lab: 'The lab is', hints: 'Hints are' };

export function contestToolGate(db: Db, now: () => number = Date.now) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const tool = toolOf(req);
    if (tool === null || isTeacher(res)) return next();
    const owner = ownerFor(res);
    // Real rounds and the person's own virtual rounds alike (the window is server/rules/window.ts's).
    const round = roundsNow(db, owner, now()).find((r) => !r.contest.tools[tool]);
    if (round) throw new HttpError(403, `${NAMES[tool]} turned off during the contest "${round.contest.name}" and available again after the round.`);
    next();
  };
}
