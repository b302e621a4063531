/**
 * During a round whose teacher turned the stress test, the lab or hints off (an exam), those
 * routes answer 403 with a sentence for the contestant. Teachers and local mode are never gated.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../storage/db';
import { contestPhase, listContests, takesPart, type ContestTools } from '../storage/contests';
import { isTeacher, ownerFor } from './auth/viewer';
import { HttpError } from './errors';

function toolOf(req: Request): keyof ContestTools | null {
  if (req.method === 'POST' && (req.path === '/api/stress' || req.path === '/api/invocations')) return 'stress';
  if (req.method === 'POST' && (req.path === '/api/lab' || req.path === '/api/lab/options' || req.path === '/lab')) return 'lab';
  if (req.method === 'GET' && /^\/api\/problems\/[^/]+\/hints\/[^/]+$/.test(req.path)) return 'hints';
  return null;
}

const NAMES: Record<keyof ContestTools, string> = { stress: 'The stress test is', lab: 'The lab is', hints: 'Hints are' };

export function contestToolGate(db: Db, now: () => number = Date.now) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const tool = toolOf(req);
    if (tool === null || isTeacher(res)) return next();
    const owner = ownerFor(res);
    const round = listContests(db).find((c) => !c.tools[tool] && contestPhase(c, now()) === 'running' && takesPart(db, c, owner));
    if (round) throw new HttpError(403, `${NAMES[tool]} turned off during the contest "${round.name}" and available again after the round.`);
    next();
  };
}
