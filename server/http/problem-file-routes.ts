import express from 'express';
import { readKeptFile, SAFE_FILE_NAME, type KeptFileKind } from '../problem-store/kept-files';
import { SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { said } from '../text/messages';
import { notFound } from './errors';
import { seesProblem } from './problem-sight';

/**
 * GET /problems/:slug/files/statement/problem.LANG.pdf and /problems/:slug/files/attachments/NAME:
 * a stored problem's PDF statement and attachments/ files (server/problem-store/kept-files.ts),
 * for whoever may open the problem page: a contest-only problem's files answer exactly as a
 * missing problem before its round (problem-sight.ts), a draft's as a missing one. Every file is
 * a download (attachment disposition, its own safe name) with nosniff and a CSP that runs nothing,
 * so a package's HTML or SVG never runs on the judge's origin.
 */
export function problemFileRoutes(db: Db): express.Router {
  const router = express.Router();
  const serve = (kind: KeptFileKind) => (req: express.Request, res: express.Response) => {
    const { slug, name } = req.params as { slug: string; name: string };
    if (!SLUG_PATTERN.test(slug) || !seesProblem(db, res, slug) || !getProblemHeader(db, slug)) throw notFound(said('error.no-problem', slug.slice(0, 60)));
    const file = SAFE_FILE_NAME.test(name) ? readKeptFile(db, slug, kind, name) : undefined;
    if (!file) throw notFound(said('error.no-problem-file', slug, name.slice(0, 100)));
    res.set({
      'content-type': file.mediaType,
      'content-disposition': `attachment; filename="${kind === 'statement' ? `${slug}.${file.name.slice('problem.'.length)}` : file.name}"`,
      'content-length': String(file.data.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    res.end(file.data);
  };
  router.get('/problems/:slug/files/statement/:name', serve('statement'));
  router.get('/problems/:slug/files/attachments/:name', serve('attachment'));
  return router;
}
