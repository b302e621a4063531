import type express from 'express';
import type { Db } from '../storage/db';
import { cancelStressRun, getStressRun } from '../storage/stress-runs';
import { rawBody } from './body';
import { HttpError, notFound } from './errors';
import { presentStressRun } from './stress-api';
import { guardedRouter, loadedId } from './policy';
import { said } from '../text/messages';

/**
 * Cancelling a stress run: `POST /api/stress/:id/cancel` (JSON) and `POST /stress/:id/cancel` (the
 * no-JavaScript button, back to the run's page). A queued run ends at once; a running one ends at its
 * next batch, with result "cancelled" and the cases run so far.
 */
export function stressCancel(db: Db): express.Router {
  const router = guardedRouter(db);

  const cancel = (res: express.Response): number => {
    const id = loadedId(res, 'stressRun');
    const outcome = cancelStressRun(db, id);
    if (outcome === 'missing') throw notFound(said('error.no-stress-run', id));
    if (outcome === 'finished') throw new HttpError(409, `Stress run ${id} has already finished; there is nothing to cancel.`);
    return id;
  };

  router.post('/api/stress/:stressRun/cancel', rawBody, (_req, res) => {
    const id = cancel(res);
    res.json(presentStressRun(getStressRun(db, id)!));
  });

  router.post('/stress/:stressRun/cancel', rawBody, (_req, res) => {
    const id = cancel(res);
    res.redirect(303, `/stress/${id}`);
  });

  return router;
}
