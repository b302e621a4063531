import express from 'express';
import { ExportError, packageZip } from '../package-format/export';
import { exportProblem } from '../problem-store/export';
import { SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { isTeacher } from './auth/viewer';
import { HttpError, notFound } from './errors';
import { said } from '../text/messages';
import { seesProblem } from './problem-sight';

/**
 * GET /problems/:slug/package.zip: the problem as an ICPC / Kattis problem package (what
 * `npm run problem -- export SLUG DIR --zip` writes), with the tests this judge stores. Teachers
 * only in accounts mode (it holds the reference solution and every hidden test); the one local
 * person otherwise.
 */
export function packageDownload(db: Db): express.Router {
  const router = express.Router();
  router.get('/problems/:slug/package.zip', async (req, res) => {
    const slug = req.params.slug;
    if (!SLUG_PATTERN.test(slug) || !seesProblem(db, res, slug) || !getProblemHeader(db, slug)) throw notFound(said('error.no-problem', slug.slice(0, 60)));
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can download a problem package: it holds the reference solution and every hidden test.');
    let zip: Buffer;
    try {
      zip = packageZip(await exportProblem(slug, db));
    } catch (e) {
      if (e instanceof ExportError) throw notFound(e.message);
      throw e;
    }
    res.set('content-type', 'application/zip');
    res.set('content-disposition', `attachment; filename="${slug}.zip"`);
    res.set('cache-control', 'private, no-store');
    res.send(zip);
  });
  return router;
}
