/**
 * Mistake maps as JSON: `POST /api/mistake-maps` with `{"problem","source","language"?}` or
 * `{"submission": id}` → 201 `{"id"}`, then `GET /api/mistake-maps/:id` until `status` is "done"
 * (or "failed"). A map is a job of the judging queue (server/queue/kinds/mistake-map.ts).
 */
import express, { type Request, type Response } from 'express';
import { hasProbe, whyNoMap } from '../mistakes/probes';
import { presentMap } from '../mistakes/present';
import type { Db } from '../storage/db';
import { getMistakeMap, insertMistakeMap } from '../storage/mistake-maps';
import { personOf } from '../queue/person-caps';
import { clientKey } from './client-key';
import { checkPersonCap } from './person-cap';
import { guardedRouter, loadedId } from './policy';
import { getSubmission } from '../storage/submissions';
import { parseJsonBody, rawBody } from './body';
import { ownerFor, visibleOr404 } from './auth/viewer';
import { badRequest, HttpError, notFound } from './errors';
import { bodyLanguage } from './language-field';
import { checkSubmission } from './submission-input';
import { said } from '../text/messages';
import { needsTool } from './round-tools';

const FIELDS = new Set(['problem', 'source', 'language', 'submission']);

/** Queues a map of a stored submission the viewer may see; returns its id. */
export function queueSubmissionMap(db: Db, req: Request, res: Response, submissionId: number): number {
  const sub = visibleOr404(res, getSubmission(db, submissionId), `There is no submission ${submissionId}.`);
  if (!hasProbe(sub.problem)) throw notFound(whyNoMap(sub.problem));
  checkPersonCap(db, 'mistake-map', req, res);
  // The map belongs to the submission's author, so it shows on their page whoever asked for it.
  return insertMistakeMap(db, { problem: sub.problem, source: sub.source, language: sub.language, submission: sub.id, owner: sub.owner ?? ownerFor(res), requester: personOf(ownerFor(res), clientKey(req)) });
}

function positiveId(raw: unknown, what: string): number {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[1-9][0-9]{0,15}$/.test(raw)) return Number(raw);
  throw badRequest(`"${String(raw).slice(0, 30)}" is not a ${what} (a positive integer).`);
}

export function mistakeMapsApi(db: Db, onQueued: () => void): express.Router {
  const api = guardedRouter(db);

  api.post('/mistake-maps', needsTool(db, 'stress'), rawBody, (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object like {"problem": "bash-game", "source": "..."} or {"submission": 12}.');
    }
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).find((k) => !FIELDS.has(k));
    if (unknown) throw badRequest(`Unknown field "${unknown.slice(0, 30)}": a mistake map takes "problem", "source" and "language", or "submission".`);
    let id: number;
    if (fields.submission !== undefined) {
      if (fields.problem !== undefined || fields.source !== undefined) throw badRequest('Send either "submission" or "problem" and "source", not both.');
      id = queueSubmissionMap(db, req, res, positiveId(fields.submission, 'submission id'));
    } else {
      if (typeof fields.problem !== 'string' || fields.problem === '') throw badRequest('The field "problem" is missing (or send "submission").');
      if (typeof fields.source !== 'string') throw badRequest('The field "source" must be a string.');
      const problem = checkSubmission(db, res, fields.problem, fields.source);
      const language = bodyLanguage(body);
      if (!hasProbe(problem)) throw notFound(whyNoMap(problem));
      checkPersonCap(db, 'mistake-map', req, res);
      id = insertMistakeMap(db, { problem, source: fields.source, language, submission: null, owner: ownerFor(res), requester: personOf(ownerFor(res), clientKey(req)) });
    }
    onQueued();
    res.status(201).location(`/api/mistake-maps/${id}`).json({ id });
  });

  api.get('/mistake-maps/:mistakeMap', async (_req, res) => {
    // The policy's loader (policy.ts) has checked the id: someone else's map answers as a missing one.
    const id = loadedId(res, 'mistakeMap');
    const row = getMistakeMap(db, id);
    if (!row) throw notFound(said('error.no-mistake-map', id));
    const map = await presentMap(row);
    res.json({
      id: map.id,
      problem: map.problem,
      submission: map.submission,
      status: map.status,
      error: map.error,
      about: map.about,
      params: map.params,
      settings: map.settings,
      from: map.from,
      to: map.to,
      step: map.step,
      cells: map.cells,
      disagree: map.disagree,
      summary: map.summary,
      first: map.first,
    });
  });

  return api;
}
