/**
 * `POST /api/problems/import`: a teacher (or the one local person) uploads a problem package zip
 * as the raw body (`Content-Type: application/zip`; the /class page sends the chosen file so);
 * `?as=NAME` stores it under another short name, `?replace=1` replaces a stored problem of that
 * name. The route only bounds and keeps the upload: the zip is streamed into DATA_DIR/imports,
 * counted as it comes (413 past MAX_ZIP_BYTES, by its declared length before a byte is read), and
 * a queued job (kind problem-import) checks it, runs its solutions and stores it; 202 `{"id"}`.
 * `GET /api/problems/import/:id` → its status (queued, running, done, refused), the solution table
 * as it runs, the notes and every refusal reason.
 */
import express, { type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_ZIP_BYTES } from '../problem-store/import';
import { getProblemImport, importsDir, insertProblemImport, type ProblemImportRow } from '../problem-store/import-jobs';
import { SLUG_PATTERN } from '../problems/registry';
import { personOf } from '../queue/person-caps';
import type { Db } from '../storage/db';
import { ownerFor, viewerOf } from './auth/viewer';
import { clientKey } from './client-key';
import { badRequest, HttpError, notFound } from './errors';
import { checkPersonCap } from './person-cap';
import { may } from './policy';

const TOO_BIG = (n: number | string) => `The package zip is ${n} bytes; at most ${MAX_ZIP_BYTES} bytes (64 MiB) are taken.`;

class UploadTooBig extends Error {}

function requireTeacher(res: Response): void {
  if (!may(viewerOf(res), 'change', { kind: 'storedProblem', owner: null })) throw new HttpError(403, 'Only a teacher can import a problem.');
}

export function problemImportRoutes(db: Db, onQueued: () => void = () => {}): express.Router {
  const router = express.Router();

  router.post('/api/problems/import', async (req: Request, res: Response) => {
    // Everything that can refuse is checked before the body is read: a refused upload costs nothing.
    requireTeacher(res);
    // A declared length over the bound is answered now, and the connection closed: reading (and
    // dropping) the whole body first would cost the 200 MB the sender announced.
    const declared = Number(req.get('content-length') ?? 0);
    if (declared > MAX_ZIP_BYTES) {
      res.set('connection', 'close');
      throw new HttpError(413, TOO_BIG(declared));
    }
    const as = typeof req.query.as === 'string' && req.query.as !== '' ? req.query.as : null;
    if (as !== null && (!SLUG_PATTERN.test(as) || as.length > 64)) throw badRequest(`"${as.slice(0, 60)}" is not a short name: lowercase letters and digits joined by dashes.`);
    checkPersonCap(db, 'problem-import', req, res);
    const name = req.get('x-file-name');
    const fileName = name && /^[\w.-]{1,80}$/.test(name) ? name : null;

    const dir = importsDir(db);
    const token = randomBytes(12).toString('hex');
    const part = join(dir, `${token}.part`);
    let size = 0;
    // Counted as it streams to disk (a chunked body declares no length): past the bound it stops.
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(size > MAX_ZIP_BYTES ? new UploadTooBig() : null, chunk);
      },
    });
    try {
      await pipeline(req, counter, createWriteStream(part, { flags: 'wx', mode: 0o600 }));
    } catch (e) {
      rmSync(part, { force: true });
      if (e instanceof UploadTooBig) {
        res.set('connection', 'close');
        throw new HttpError(413, TOO_BIG(`over ${MAX_ZIP_BYTES}`));
      }
      throw badRequest('The upload was interrupted; send the package zip again.');
    }
    if (size === 0) {
      rmSync(part, { force: true });
      throw badRequest('Send the package zip as the request body, with Content-Type: application/zip.');
    }
    const zip = `${token}.zip`;
    renameSync(part, join(dir, zip));
    const owner = ownerFor(res);
    const id = insertProblemImport(db, { owner, client: personOf(owner, clientKey(req)), fileName, zip, storeAs: as, replace: req.query.replace === '1' });
    onQueued();
    res.status(202).location(`/api/problems/import/${id}`).json({ id, status: 'queued' });
  });

  router.get('/api/problems/import/:id', (req, res) => {
    requireTeacher(res);
    const raw = String(req.params.id);
    const row = /^[1-9]\d{0,14}$/.test(raw) ? getProblemImport(db, Number(raw)) : undefined;
    if (!row) throw notFound(`There is no problem import ${raw.slice(0, 30)}.`);
    res.json(presentImport(row));
  });
  return router;
}

export function presentImport(row: ProblemImportRow) {
  const status = row.status !== 'done' ? row.status : row.outcome === 'stored' ? 'done' : 'refused';
  const reasons = row.reasons;
  return {
    id: row.id,
    status,
    slug: row.slug,
    ...(status === 'refused' && { error: `The package was refused: ${reasons[0] ?? 'no reason given'}${reasons.length > 1 ? ` (and ${reasons.length - 1} more reason(s))` : ''}` }),
    solutions: row.rows,
    reasons,
    notes: row.notes,
  };
}
