/**
 * `/problems/new`: a teacher writes a problem (statement with a live KaTeX preview in both
 * languages, limits, samples, tests, a reference in the Ace editor, a generator, a wrong solution),
 * checks it as a draft and publishes it; `/problems/new?draft=ID` follows a draft made elsewhere
 * (the lab's "Make a problem of this game"). Everything goes through the JSON routes of
 * problem-draft-routes.ts; the page is public/problem-new.js.
 */
import express from 'express';
import type { Db } from '../storage/db';
import { isTeacher } from './auth/viewer';
import { HttpError } from './errors';
import type { Lang } from './statements';
import { translatePhrase } from './ui-text';

const CLIENT_WORDS = ['queued', 'running', 'ready', 'failed', 'Published:', 'not run yet', 'This replaced an earlier version: its submissions keep their verdicts until rejudged.', 'Rejudge its submissions', 'Rejudge started:'];

export function problemDraftPages(_db: Db): express.Router {
  const router = express.Router();
  router.get('/problems/new', (req, res) => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can write problems.');
    const lang: Lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const draft = typeof req.query.draft === 'string' && /^[1-9]\d{0,14}$/.test(req.query.draft) ? req.query.draft : '';
    const words = Object.fromEntries(CLIENT_WORDS.map((w) => [w, translatePhrase(w, lang)]));
    res.render('problem-new', {
      title: translatePhrase('Write a problem', lang),
      nav: 'problems',
      katex: true,
      scripts: ['/vendor/ace/ace.js', '/static/code-editor.js', '/static/problem-new.js'],
      draftId: draft,
      // In a <script type="application/json">: nothing in it may close the element.
      draftWords: JSON.stringify(words).replace(/</g, '\\u003c'),
    });
  });
  return router;
}
