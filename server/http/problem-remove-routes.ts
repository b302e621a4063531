/**
 * The teacher's button that removes an imported or drafted problem: `GET /problems/:slug/remove`
 * asks to confirm (saying that its submissions are kept), `POST /problems/:slug/remove` removes it
 * (server/problem-store/remove.ts). Teachers only in accounts mode (the one local person on a
 * laptop); the POST is a form of the judge's own, with its CSRF token in accounts mode and its
 * Origin checked in every mode (request-guard.ts), like the other forms.
 */
import express, { type Response } from 'express';
import { prepared, type Db } from '../storage/db';
import { removeStoredProblem } from '../problem-store/remove';
import { SLUG_PATTERN } from '../problems/registry';
import { getProblemHeader } from '../storage/problems';
import { viewerOf } from './auth/viewer';
import { rawBody } from './body';
import { HttpError, notFound } from './errors';
import { may } from './policy';
import { said } from '../text/messages';

function storedOwner(db: Db, slug: string): { owner: number | null } | undefined {
  return prepared(db, 'SELECT owner FROM stored_problems WHERE slug = ?').get(slug) as { owner: number | null } | undefined;
}

/** The stored problem the viewer may remove, or the 404 / 403 that says why not. */
function removable(db: Db, res: Response, slug: string): void {
  const stored = SLUG_PATTERN.test(slug) ? storedOwner(db, slug) : undefined;
  if (!stored) throw notFound(said('error.no-stored-problem', slug.slice(0, 60)));
  if (!may(viewerOf(res), 'change', { kind: 'storedProblem', owner: stored.owner })) throw new HttpError(403, 'Only a teacher can remove a problem.');
}

const countSubmissions = (db: Db, slug: string) => (prepared(db, 'SELECT COUNT(*) AS n FROM submissions WHERE problem = ?').get(slug) as { n: number }).n;

export function problemRemoveRoutes(db: Db): express.Router {
  const router = express.Router();
  router.get('/problems/:slug/remove', (req, res) => {
    const slug = String(req.params.slug);
    removable(db, res, slug);
    const header = getProblemHeader(db, slug);
    const title = header ? (res.locals.uiLang === 'zh' ? header.titleZh : header.titleEn) : slug;
    res.render('problem-remove', { title, nav: 'problems', slug, submissions: countSubmissions(db, slug) });
  });
  // The form's body holds only its CSRF field (read by the check in accounts mode): rawBody bounds it.
  router.post('/problems/:slug/remove', rawBody, (req, res) => {
    const slug = String(req.params.slug);
    removable(db, res, slug);
    const r = removeStoredProblem(db, slug);
    if (!r.ok) throw new HttpError(409, r.reason);
    res.render('problem-remove', { title: slug, nav: 'problems', slug, removed: true, submissions: r.submissions });
  });
  return router;
}
