import express from 'express';
import type { Db } from '../storage/db';
import { getSubmissionSummary } from '../storage/submissions';
import { badRequest } from './errors';
import { statusClass, statusSaid } from './present';
import { sayIn } from '../text/messages';
import { canSee } from './auth/viewer';

/** Most submissions one poll may ask about (a page of the list holds 50). */
const MAX_IDS = 50;

/**
 * `GET /submissions/status?ids=3,4,5`: the status line of each submission as the list shows it, so
 * the submissions list can update its rows while they are judged without reloading.
 */
export function submissionsLive(db: Db): express.Router {
  const router = express.Router();
  router.get('/submissions/status', (req, res) => {
    const raw = typeof req.query.ids === 'string' ? req.query.ids : '';
    if (!/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/.test(raw)) throw badRequest('The parameter "ids" must be submission ids separated by commas, e.g. ids=3,4,5.');
    const ids = [...new Set(raw.split(',').map(Number))].slice(0, MAX_IDS);
    res.json(
      ids.flatMap((id) => {
        const s = getSubmissionSummary(db, id);
        if (!s || !canSee(res, s.owner)) return [];
        return [{ id, done: s.status === 'done', statusText: sayIn(statusSaid(s), res.locals.uiLang === 'zh' ? 'zh' : 'en'), statusClass: statusClass(s), timeMs: s.timeMs, memoryKb: s.memoryKb }];
      }),
    );
  });
  return router;
}
