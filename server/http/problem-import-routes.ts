/**
 * `POST /api/problems/import`: a teacher (or the one local person) uploads a problem package zip
 * as the raw body (`Content-Type: application/zip`; the /class page sends the chosen file so);
 * `?as=NAME` stores it under another short name, `?replace=1` replaces a stored problem of that
 * name. The same import as `npm run problem -- import`: the package's solutions run in the sandbox
 * first. The body is bounded by its declared length before it is read (413 past MAX_ZIP_BYTES),
 * and one import runs at a time (409 while another does).
 */
import express, { type Request, type Response } from 'express';
import { dirname } from 'node:path';
import { createBoundedCompiler } from '../compile/bounded-compiler';
import { importPackage, MAX_ZIP_BYTES } from '../problem-store/import';
import { SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { ownerFor, viewerOf } from './auth/viewer';
import { badRequest, HttpError } from './errors';
import { may } from './policy';

const zipBody = express.raw({ type: () => true, limit: MAX_ZIP_BYTES });

export function problemImportRoutes(db: Db): express.Router {
  const router = express.Router();
  // The data directory: a zip is unpacked there for reading, never anywhere else.
  const dataDir = dirname(db.name);
  let busy = false;

  router.post('/api/problems/import', (req, res, next) => {
    // Refused before the body is read: a student's upload costs nothing.
    if (!may(viewerOf(res), 'change', { kind: 'storedProblem', owner: null })) return next(new HttpError(403, 'Only a teacher can import a problem.'));
    // A declared length over the bound is answered now, and the connection closed: the body
    // parser would otherwise read (and drop) the whole body before saying 413.
    const declared = Number(req.get('content-length') ?? 0);
    if (declared > MAX_ZIP_BYTES) {
      res.set('connection', 'close');
      return next(new HttpError(413, `The package zip is ${declared} bytes; at most ${MAX_ZIP_BYTES} bytes (64 MiB) are taken.`));
    }
    next();
  }, zipBody, async (req: Request, res: Response) => {
    const as = typeof req.query.as === 'string' && req.query.as !== '' ? req.query.as : undefined;
    if (as !== undefined && (!SLUG_PATTERN.test(as) || as.length > 64)) throw badRequest(`"${as.slice(0, 60)}" is not a short name: lowercase letters and digits joined by dashes.`);
    const { zip, fileName } = uploadedZip(req);
    if (busy) throw new HttpError(409, 'Another problem is being imported; try again when it is done.');
    busy = true;
    const compiler = createBoundedCompiler();
    try {
      const result = await importPackage(db, { zip, fileName }, { dataDir, as, replace: req.query.replace === '1', owner: ownerFor(res), compiler });
      if (!result.ok) {
        res.status(422).json({ error: `The package was refused: ${result.reasons[0]}${result.reasons.length > 1 ? ` (and ${result.reasons.length - 1} more reason(s))` : ''}`, reasons: result.reasons, solutions: result.solutions });
        return;
      }
      res.status(201).location(`/problems/${result.slug}`).json({ slug: result.slug, solutions: result.solutions, notes: result.notes });
    } finally {
      busy = false;
      await compiler.close();
    }
  });
  return router;
}

/** The zip: the raw body (the request guard lets only application/zip through besides JSON). */
function uploadedZip(req: Request): { zip: Buffer; fileName?: string } {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!body.length) throw badRequest('Send the package zip as the request body, with Content-Type: application/zip.');
  const name = req.get('x-file-name');
  return { zip: body, fileName: name && /^[\w.-]{1,80}$/.test(name) ? name : undefined };
}
