/**
 * The mistake map's pages: "See where your program disagrees" from a wrong submission's page or
 * the stress panel (a form post that queues the map), the map itself (`/mistake-maps/:id`, the
 * lab's table with the disagreeing cells marked), and the teacher's `/class/mistakes`.
 */
import express, { type Request, type Response } from 'express';
import { layOut } from '../mistakes/layout';
import { presentMap } from '../mistakes/present';
import { hasProbe, loadProbe, whyNoMap } from '../mistakes/probes';
import { describeMap } from '../mistakes/pattern';
import { gridStates, type Got } from '../mistakes/probe';
import { mapWords } from '../mistakes/words';
import type { Db } from '../storage/db';
import { getProblemHeader, listProblems } from '../storage/problems';
import { getMistakeMap, groupSubmissionMaps, insertMistakeMap, latestMapOfSubmission, wrongSubmissionsWithoutMap } from '../storage/mistake-maps';
import { canSee, isTeacher, ownerFor, visibleOr404 } from './auth/viewer';
import { parseFormBody, rawBody } from './body';
import { badRequest, notFound } from './errors';
import { parseLanguage } from './language-field';
import { queueSubmissionMap } from './mistake-maps-api';
import { PERSON_CAPS, personOf } from '../queue/person-caps';
import { kindModule } from '../queue/kinds/registry';
import { clientKey } from './client-key';
import { checkPersonCap } from './person-cap';
import { guardedRouter, loadedId } from './policy';
import { checkSubmission } from './submission-input';
import { needsTool } from './round-tools';

function positive(raw: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound(`There is no ${what} ${raw.slice(0, 20)}.`);
  return Number(raw);
}

export function mistakePages(db: Db, onQueued: () => void): express.Router {
  const router = guardedRouter(db, { malformed: 404 });

  router.post('/submissions/:id/mistake-map', needsTool(db, 'stress'), rawBody, (req: Request, res: Response) => {
    const submission = positive(String(req.params.id), 'submission');
    // The program and the truth do not change: a map already drawn (or on its way) is shown again.
    const known = latestMapOfSubmission(db, submission);
    if (known && known.error === null && canSee(res, known.owner)) return res.redirect(303, `/mistake-maps/${known.id}`);
    const id = queueSubmissionMap(db, req, res, submission);
    onQueued();
    res.redirect(303, `/mistake-maps/${id}`);
  });

  // From the stress panel: the code in the editor, posted with the submit form.
  router.post('/problems/:slug/mistake-map', needsTool(db, 'stress'), rawBody, async (req: Request, res: Response) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const source = form.files.get('file') ?? form.fields.get('source');
    if (source === undefined) throw badRequest('The form has no source: type the code or choose a file.');
    const slug = checkSubmission(db, res, String(req.params.slug), source);
    if (!hasProbe(slug)) throw notFound(whyNoMap(slug));
    checkPersonCap(db, 'mistake-map', req, res);
    const id = insertMistakeMap(db, { problem: slug, source, language: parseLanguage(form.fields.get('language')), submission: null, owner: ownerFor(res), requester: personOf(ownerFor(res), clientKey(req)) });
    onQueued();
    res.redirect(303, `/mistake-maps/${id}`);
  });

  router.get('/mistake-maps/:mistakeMap', async (_req, res) => {
    const row = getMistakeMap(db, loadedId(res, 'mistakeMap'));
    if (!row) throw notFound('There is no such mistake map.');
    const map = await presentMap(row);
    const lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const w = mapWords(lang);
    const problem = getProblemHeader(db, map.problem);
    res.render('mistake-map', {
      title: `${w.title} #${map.id}`,
      nav: 'submissions',
      autoRefresh: map.status === 'queued' || map.status === 'running',
      scripts: ['/static/mistake-map.js'],
      w,
      map,
      problemTitle: (lang === 'zh' ? problem?.titleZh : problem?.titleEn) ?? map.problem,
      about: map.about[lang],
      summary: map.summary?.[lang] ?? null,
      stoppedText: map.notRun === null ? null : w.stopped.replace('{0}', String(map.notRun)),
      table: layOut(map.params, map.cells, map.step, w),
      sides: [
        { which: 'got', caption: w.yours },
        { which: 'truth', caption: w.truth },
      ],
      firstState: map.first ? (map.first.state.length === 1 ? `${map.params[0]} = ${map.first.state[0]}` : `(${map.params.join(', ')}) = (${map.first.state.join(', ')})`) : null,
      source: row.source,
      language: row.language,
    });
  });

  router.get('/class/mistakes', async (req, res) => {
    if (!isTeacher(res)) throw notFound('There is no page at /class/mistakes.');
    const lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const w = mapWords(lang);
    const titles = new Map(listProblems(db).map((p) => [p.slug, lang === 'zh' ? p.titleZh : p.titleEn]));
    const byProblem = new Map<string, ReturnType<typeof groupSubmissionMaps>>();
    for (const g of groupSubmissionMaps(db)) byProblem.set(g.problem, [...(byProblem.get(g.problem) ?? []), g]);
    const missing = wrongSubmissionsWithoutMap(db, [...titles.keys()].filter(hasProbe)).length;
    res.render('class-mistakes', {
      title: w.classTitle,
      nav: 'class',
      w,
      makeAll: missing ? w.makeAll.replace('{0}', String(missing)) : null,
      problems: await Promise.all(
        [...byProblem].map(async ([slug, groups]) => {
          const probe = await loadProbe(slug);
          const states = gridStates(probe);
          const programs = groups.reduce((n, g) => n + g.count, 0);
          return {
            slug,
            title: titles.get(slug) ?? slug,
            groups: groups.map((g) => ({
              ...g,
              of: programs,
              total: g.truth.length,
              // The group's mistake in words, as its example's page says it.
              summary:
                states.length === g.got.length
                  ? describeMap({ params: probe.params, from: probe.from, to: probe.to, step: probe.step ?? 1, states, truth: [...g.truth] as ('W' | 'L')[], got: [...g.got] as Got[] })[lang]
                  : null,
            })),
          };
        }),
      ),
    });
  });

  router.post('/class/mistakes/make', rawBody, (req, res) => {
    if (!isTeacher(res)) throw notFound('There is no page at /class/mistakes.');
    // The batch is the teacher's work: it takes the teacher's turns and fills only the teacher's cap.
    const requester = personOf(ownerFor(res), clientKey(req));
    const k = kindModule('mistake-map');
    const { n } = db.prepare(`SELECT COUNT(*) AS n FROM ${k.table} WHERE ${k.unfinished} AND ${k.person} = ?`).get(requester) as { n: number };
    const room = Math.max(0, PERSON_CAPS['mistake-map'] - n);
    const slugs = listProblems(db).map((p) => p.slug).filter(hasProbe);
    for (const s of wrongSubmissionsWithoutMap(db, slugs).slice(0, room)) {
      insertMistakeMap(db, { problem: s.problem, source: s.source, language: s.language, submission: s.id, owner: s.owner, requester });
    }
    onQueued();
    res.redirect(303, '/class/mistakes');
  });

  return router;
}
