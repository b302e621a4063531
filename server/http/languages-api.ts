import express from 'express';
import { languageStatuses } from '../languages/detect';
import { detectedNow } from '../languages/toolchains';

/**
 * `GET /api/languages`: every language the judge knows, whether this judge offers it, its version,
 * and why not when it does not (docs/http-api.md). Detection runs at start; until it has finished,
 * the native languages say they are still being checked.
 */
export function languagesApi(): express.Router {
  const api = express.Router();
  api.get('/languages', (_req, res) => {
    res.json(languageStatuses(detectedNow()).map(({ id, name, available, version, reason }) => ({ id, name, available, version, ...(reason !== undefined && { reason }) })));
  });
  return api;
}
