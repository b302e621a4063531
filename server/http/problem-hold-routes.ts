/**
 * Contest-only problems, the teacher's side: hold a problem for a round (it is then seen only as
 * policy.ts's `ProblemSight` rule says) or publish it to everyone now. Through the API
 * (`PUT`/`DELETE /api/problems/:slug/hold`, and `"hidden"` when a round is made) and the round
 * page's buttons.
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../storage/db';
import { getContest, insertContest, type Contest, type ContestInput } from '../storage/contests';
import { holdProblem, releaseProblem } from '../storage/problem-holds';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { isTeacher } from './auth/viewer';
import { said } from '../text/messages';

const holdSchema = z.object({ contest: z.number().int().positive() }).strict();

function teacherOnly(res: Response): void {
  if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can hold a problem for a round or publish it.');
}

/** The round a problem may be held for: one that lists it. */
function roundFor(db: Db, contest: number, slug: string): Contest {
  const c = getContest(db, contest);
  if (!c) throw notFound(said('error.no-contest', contest));
  if (!c.problems.includes(slug)) throw badRequest(`The problem "${slug.slice(0, 60)}" is not in the contest "${c.name}": a problem is held for a round that has it.`);
  return c;
}

/** A new round's `"hidden"`: the listed problems (each one of the round's) are held for it. */
export function hiddenOf(body: unknown, problems: string[]): string[] {
  const raw = typeof body === 'object' && body !== null ? (body as { hidden?: unknown }).hidden : undefined;
  if (raw === undefined) return [];
  const parsed = z.array(z.string().max(100)).max(26).safeParse(raw);
  if (!parsed.success) throw badRequest('The field "hidden" must list problem slugs of the round.');
  const stray = parsed.data.find((slug) => !problems.includes(slug));
  if (stray !== undefined) throw badRequest(`The field "hidden" lists "${stray.slice(0, 60)}", which is not one of the round's problems.`);
  return parsed.data;
}

/** Stores a new round and holds its contest-only problems for it, at once. */
export function insertRoundHolding(db: Db, input: ContestInput, hidden: string[], createdBy: number | null, now: number): number {
  return db.transaction(() => {
    const id = insertContest(db, input, createdBy, now);
    for (const slug of hidden) holdProblem(db, slug, id, now);
    return id;
  })();
}

export function problemHoldRoutes(db: Db, now: () => number = Date.now): express.Router {
  const router = express.Router();

  router.put('/api/problems/:slug/hold', rawBody, (req, res) => {
    teacherOnly(res);
    const parsed = holdSchema.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest('The body must be {"contest": <id>}: the round the problem is held for.');
    const slug = String(req.params.slug);
    const c = roundFor(db, parsed.data.contest, slug);
    holdProblem(db, slug, c.id, now());
    res.json({ problem: slug, contest: c.id });
  });

  router.delete('/api/problems/:slug/hold', (req, res) => {
    teacherOnly(res);
    const slug = String(req.params.slug);
    if (!releaseProblem(db, slug)) throw notFound(`The problem "${slug.slice(0, 60)}" is not held for a round.`);
    res.status(204).end();
  });

  // The round page's buttons: hold one of its problems for it, or publish it now.
  router.post('/contests/:id/problems/:slug/hold', rawBody, async (req, res) => {
    teacherOnly(res);
    await parseFormBody(req.get('content-type'), req.body);
    const id = /^[1-9]\d{0,15}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    const c = roundFor(db, id, String(req.params.slug));
    holdProblem(db, String(req.params.slug), c.id, now());
    res.redirect(303, `/contests/${c.id}#problems`);
  });

  router.post('/contests/:id/problems/:slug/publish', rawBody, async (req, res) => {
    teacherOnly(res);
    await parseFormBody(req.get('content-type'), req.body);
    const id = /^[1-9]\d{0,15}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    const c = roundFor(db, id, String(req.params.slug));
    releaseProblem(db, String(req.params.slug));
    res.redirect(303, `/contests/${c.id}#problems`);
  });

  return router;
}
