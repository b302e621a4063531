/**
 * Rejudges over HTTP (teachers only; a student gets 403 with a sentence): `POST /api/rejudge` with
 * exactly one of `{"problem"}`, `{"contest"}`, `{"submission"}` → 202 `{"id"}`, then
 * `GET /api/rejudge/:id` for the progress and the verdicts that changed. The pages' buttons post
 * to `/rejudge` and land on `/rejudge/:id`, which shows the same and follows it until done.
 */
import express, { type Response } from 'express';
import { getContest } from '../storage/contests';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { getSubmissionSummary } from '../storage/submissions';
import { getRejudge, MAX_REJUDGE, startRejudge, type RejudgeScope, type RejudgeStatus } from '../rejudge/store';
import { labelOf } from '../contests/board';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { ownerFor, viewerOf } from './auth/viewer';
import { guardedRouter, loadedId, may } from './policy';

const TEACHERS_ONLY = 'Only a teacher can rejudge submissions or follow a rejudge.';

function scopeWords(scope: RejudgeScope): string {
  if ('problem' in scope) return `problem ${scope.problem}`;
  if ('contest' in scope) return `contest ${scope.contest}`;
  return `submission ${scope.submission}`;
}

/** The scope named by a body or a form: exactly one field, naming something that exists. */
function scopeOf(db: Db, fields: Record<string, unknown>): RejudgeScope {
  const named = ['problem', 'contest', 'submission'].filter((f) => fields[f] !== undefined && fields[f] !== null && fields[f] !== '');
  const unknown = Object.keys(fields).find((f) => !['problem', 'contest', 'submission', '_csrf'].includes(f));
  if (unknown !== undefined) throw badRequest(`Unknown field "${unknown.slice(0, 30)}": a rejudge names one "problem", "contest" or "submission".`);
  if (named.length !== 1) throw badRequest('A rejudge names exactly one of "problem" (a slug), "contest" or "submission" (ids).');
  const field = named[0]!;
  const raw = fields[field];
  if (field === 'problem') {
    const slug = String(raw);
    if (!getProblemHeader(db, slug)) throw badRequest(`There is no problem "${slug.slice(0, 60)}".`);
    return { problem: slug };
  }
  const id = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : typeof raw === 'string' && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  if (id === null) throw badRequest(`The field "${field}" must be a positive integer id.`);
  if (field === 'contest') {
    if (!getContest(db, id)) throw badRequest(`There is no contest ${id}.`);
    return { contest: id };
  }
  const sub = getSubmissionSummary(db, id);
  if (!sub) throw badRequest(`There is no submission ${id}.`);
  if (sub.status !== 'done') throw badRequest(`Submission ${id} is still being judged; it meets the current tests anyway.`);
  return { submission: id };
}

/** Starts it, or throws the 409 (one per scope at a time) or the 400 (too large) with its sentence. */
function start(db: Db, res: Response, scope: RejudgeScope): number | { running: number } {
  const r = startRejudge(db, scope, ownerFor(res));
  if ('tooMany' in r) {
    throw badRequest(`The ${scopeWords(scope)} has ${r.tooMany} judged submissions; a rejudge takes at most ${MAX_REJUDGE}. Rejudge a contest or single submissions instead.`);
  }
  if ('conflict' in r) return { running: r.conflict };
  return r.id;
}

/** What views/partials/rejudge-panel.hbs shows: the button for this scope and the last rejudge of it. */
export function rejudgePanel(scope: RejudgeScope, last: RejudgeStatus | undefined) {
  const shown = last && presentRejudge(last);
  if ('problem' in scope) return { field: 'problem', value: scope.problem, button: 'Rejudge every submission of this problem', last: shown };
  if ('contest' in scope) return { field: 'contest', value: String(scope.contest), button: "Rejudge this round's submissions", last: shown };
  return { field: 'submission', value: String(scope.submission), button: 'Rejudge this submission', last: shown };
}

export function presentRejudge(r: RejudgeStatus) {
  return {
    id: r.id,
    ...r.scope,
    status: r.status,
    done: r.done,
    total: r.total,
    failed: r.failed,
    changed: r.changed,
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt).toISOString(),
  };
}

export function rejudgeRoutes(db: Db, onQueued: () => void): express.Router {
  const router = express.Router();
  const api = guardedRouter(db);
  const pages = guardedRouter(db, { malformed: 404 });
  // Starting one goes through the same rule as following one (policy.ts: only teachers).
  const teacherOnly = (res: Response): void => {
    if (!may(viewerOf(res), 'change', { kind: 'rejudge', owner: ownerFor(res) })) throw new HttpError(403, TEACHERS_ONLY);
  };

  router.post('/api/rejudge', rawBody, (req, res) => {
    teacherOnly(res);
    const body = parseJsonBody(req.body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object naming one "problem", "contest" or "submission".');
    const scope = scopeOf(db, body as Record<string, unknown>);
    const started = start(db, res, scope);
    if (typeof started !== 'number') throw new HttpError(409, `A rejudge of this ${scopeWords(scope)} is already running (rejudge ${started.running}); wait for it to finish.`);
    onQueued();
    res.status(202).json({ id: started });
  });

  api.get('/api/rejudge/:rejudge', (_req, res) => {
    res.json(presentRejudge(getRejudge(db, loadedId(res, 'rejudge'))!));
  });

  // The pages' button: a form naming the scope; a rejudge already running shows its own page.
  router.post('/rejudge', rawBody, async (req, res) => {
    teacherOnly(res);
    const form = await parseFormBody(req.get('content-type'), req.body);
    const scope = scopeOf(db, Object.fromEntries(form.fields));
    const started = start(db, res, scope);
    if (typeof started === 'number') onQueued();
    res.redirect(303, typeof started === 'number' ? `/rejudge/${started}` : `/rejudge/${started.running}?already=1`);
  });

  pages.get('/rejudge/:rejudge', (req, res) => {
    const r = getRejudge(db, loadedId(res, 'rejudge'))!;
    const scope = r.scope;
    const back =
      'problem' in scope
        ? { href: `/problems/${encodeURIComponent(scope.problem)}`, text: getProblemHeader(db, scope.problem)?.titleEn ?? scope.problem }
        : 'contest' in scope
          ? { href: `/contests/${scope.contest}`, text: getContest(db, scope.contest)?.name ?? `#${scope.contest}` }
          : { href: `/submissions/${scope.submission}`, text: `#${scope.submission}` };
    const contest = 'contest' in scope ? getContest(db, scope.contest) : undefined;
    const changed = r.changed.map((c) => {
      const s = getSubmissionSummary(db, c.submission);
      const at = s && contest ? contest.problems.indexOf(s.problem) : -1;
      return { ...c, who: s?.ownerDisplay ?? s?.ownerName ?? null, problem: s ? (at >= 0 ? `${labelOf(at)} · ${s.problem}` : s.problem) : '' };
    });
    res.render('rejudge', {
      title: `Rejudge ${r.id}`,
      nav: 'contest' in scope ? 'contests' : 'problems',
      scripts: r.status === 'running' ? ['/static/rejudge.js'] : [],
      rejudge: { ...presentRejudge(r), running: r.status === 'running' },
      back,
      changed,
      already: req.query.already === '1',
    });
  });

  router.use(api);
  router.use(pages);
  return router;
}
