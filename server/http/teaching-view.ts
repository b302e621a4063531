import express from 'express';
import { teachingOf } from '../problems/teaching';
import type { Db } from '../storage/db';
import { getProblemHeader, type ProblemHeader } from '../storage/problems';
import { badRequest, notFound } from './errors';
import type { Lang } from './statements';
import { said } from '../text/messages';
import { needsTool } from './round-tools';
import { seesProblem } from './problem-sight';

export interface TeachingView {
  hints: { n: number; html: string }[];
  hintTotal: number;
  /** Whether the package has an editorial at all. */
  hasEditorial: boolean;
  /** The number of the next hint to reveal, or null when all are shown. */
  nextHint: number | null;
  editorial: string | null;
  /** Why the editorial is shown: the problem is solved, or the student confirmed. */
  editorialShown: 'solved' | 'asked' | null;
  /** The student asked to see it and must confirm first. */
  confirmEditorial: boolean;
}

/**
 * What the problem page shows of the hints and the editorial. Hints are revealed one at a time
 * (`?hints=N` shows the first N, so the page works without JavaScript and a reload keeps them);
 * the editorial stays hidden until the problem is solved or the student asks (`?editorial=ask`)
 * and confirms (`?editorial=show`).
 */
export function teachingView(p: Pick<ProblemHeader, 'slug' | 'contentHash'>, lang: Lang, query: Record<string, unknown>, solved: boolean): TeachingView {
  const t = teachingOf(p.slug, p.contentHash);
  const hints = t.hints[lang].length ? t.hints[lang] : t.hints.en;
  const asked = Number(typeof query.hints === 'string' && /^\d{1,2}$/.test(query.hints) ? query.hints : 0);
  const shown = Math.min(asked, hints.length);
  const editorial = t.editorial[lang] ?? t.editorial.en;
  const mode = query.editorial;
  const editorialShown = editorial === null ? null : solved ? 'solved' : mode === 'show' ? 'asked' : null;
  return {
    hints: hints.slice(0, shown).map((html, i) => ({ n: i + 1, html })),
    hintTotal: hints.length,
    hasEditorial: editorial !== null,
    nextHint: shown < hints.length ? shown + 1 : null,
    editorial: editorialShown ? editorial : null,
    editorialShown,
    confirmEditorial: editorial !== null && editorialShown === null && mode === 'ask',
  };
}

/** `GET /api/problems/:slug/hints/:n?lang=en|zh`: hint n as HTML, for revealing it without a reload. */
export function hintsApi(db: Db): express.Router {
  const router = express.Router();
  router.get('/api/problems/:slug/hints/:n', needsTool(db, 'hints'), (req, res) => {
    const p = seesProblem(db, res, String(req.params.slug)) ? getProblemHeader(db, String(req.params.slug)) : undefined;
    if (!p) throw notFound(said('error.no-problem', String(req.params.slug).slice(0, 60)));
    const lang: Lang = req.query.lang === 'zh' ? 'zh' : 'en';
    const t = teachingOf(p.slug, p.contentHash);
    const hints = t.hints[lang].length ? t.hints[lang] : t.hints.en;
    if (!/^[1-9]\d{0,1}$/.test(String(req.params.n))) throw badRequest(`"${String(req.params.n).slice(0, 20)}" is not a hint number (1, 2, ...).`);
    const n = Number(req.params.n);
    if (n > hints.length) throw notFound(`Problem ${p.slug} has ${hints.length} hint(s); there is no hint ${n}.`);
    res.json({ n, total: hints.length, html: hints[n - 1] });
  });
  return router;
}
