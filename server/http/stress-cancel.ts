import express from 'express';
import type { Db } from '../storage/db';
import { cancelStressRun, getStressRun } from '../storage/stress-runs';
import { rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { presentStressRun } from './stress-api';
import { visibleOr404 } from './auth/viewer';

/**
 * Cancelling a stress run: `POST /api/stress/:id/cancel` (JSON) and `POST /stress/:id/cancel` (the
 * no-JavaScript button, back to the run's page). A queued run ends at once; a running one ends at its
 * next batch, with result "cancelled" and the cases run so far.
 */
export function stressCancel(db: Db): express.Router {
  const router = express.Router();

  const cancel = (raw: string, res: express.Response): number => {
    if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw badRequest(`"${raw.slice(0, 30)}" is not a stress run (a positive integer).`);
    const id = Number(raw);
    visibleOr404(res, getStressRun(db, id), `There is no stress run ${id}.`);
    const outcome = cancelStressRun(db, id);
    if (outcome === 'missing') throw notFound(`There is no stress run ${id}.`);
    if (outcome === 'finished') throw new HttpError(409, `Stress run ${id} has already finished; there is nothing to cancel.`);
    return id;
  };

  router.post('/api/stress/:id/cancel', rawBody, (req, res) => {
    const id = cancel(String(req.params.id), res);
    res.json(presentStressRun(getStressRun(db, id)!));
  });

  router.post('/stress/:id/cancel', rawBody, (req, res) => {
    const id = cancel(String(req.params.id), res);
    res.redirect(303, `/stress/${id}`);
  });

  return router;
}
