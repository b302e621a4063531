/**
 * The teacher's side: class standings (`/class`, `GET /api/class/standings`, CSV), homework sets
 * (`/api/sets`, `/sets/:id`), the roster (`/api/class/students`) and each student's own page
 * (`/me`). Standings and sets are read from the submissions as they are: a set never copies or
 * deletes one. Tables are drawn by the server only; the pages swap in a fresh copy when the
 * submission "done" hook says a cell changed (`/class/events`, `/sets/:id/events`).
 */
import express, { type Request, type Response } from 'express';
import { inLearningOrder } from '../../problems/catalog';
import type { SubmissionEvents } from '../queue/events';
import { SET_PHASE_WORD, setWindow } from '../rules/window';
import type { Db } from '../storage/db';
import { deleteSet, getSet, insertSet, listSets, updateSet, type ProblemSet } from '../storage/problem-sets';
import { listProblems } from '../storage/problems';
import { rankSetRows } from '../contests/board';
import { judgedOwner, standings, type StandingsRow } from '../storage/standings';
import { listSubmissions } from '../storage/submissions';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { classCsv, csvFileName, sendCsv, setCsv } from './class-csv';
import { formatTimestamp, isoTimestamp, statusClass, statusSaid } from './present';
import { isTeacher, ownerFor, viewerOf } from './auth/viewer';
import { pageRows, showRow, type ProblemHead } from './standings-view';
import { phaseWords } from './set-words';
import { checkSetInput, localInputValue, MAX_SET_PROBLEMS } from './set-input';
import { rosterRoutes } from './roster-routes';
import { IMPORT_TEXT } from './import-text';
import type { Lang } from './statements';
import type { LiveTopics, TopicStream } from './live';
import { hiddenProblems, seesProblem } from './problem-sight';

const langOf = (res: Response): Lang => (res.locals.uiLang === 'zh' ? 'zh' : 'en');
/** Verdicts arriving together are announced once. */
const PUSH_DELAY_MS = 250;

export function classRoutes(db: Db, topics: LiveTopics, events?: SubmissionEvents): express.Router {
  const router = express.Router();
  const problemOrder = (): string[] => inLearningOrder(listProblems(db)).map((p) => p.slug);
  const heads = (slugs: readonly string[], lang: Lang): ProblemHead[] => {
    const titles = new Map(listProblems(db).map((p) => [p.slug, lang === 'zh' ? p.titleZh : p.titleEn]));
    return slugs.map((slug) => ({ slug, title: titles.get(slug) ?? slug }));
  };

  /** Teachers only; anyone else is told there is nothing here. */
  const teacherOnly = (res: Response, what: string): void => {
    if (!isTeacher(res)) throw notFound(`There is no ${what}.`);
  };
  const sortRows = (rows: StandingsRow[], sort: unknown): StandingsRow[] =>
    sort === 'name' ? rows : [...rows].sort((a, b) => b.solved - a.solved || a.displayName.localeCompare(b.displayName));

  // A set as this viewer may see it: without the problems a round keeps from them (contest-only).
  const seenSet = (res: Response, set: ProblemSet): ProblemSet => {
    const hidden = hiddenProblems(db, res);
    return hidden.size === 0 ? set : { ...set, problems: set.problems.filter((p) => !hidden.has(p)) };
  };
  const parseId = (raw: string): number | null => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);
  const visibleSet = (res: Response, raw: string): ProblemSet => {
    const id = parseId(raw);
    const set = id === null ? undefined : getSet(db, id);
    // A set that has not opened is invisible to students.
    if (!set || (!isTeacher(res) && !setWindow(set, Date.now()).visibleToStudents)) throw notFound(`There is no set ${raw.slice(0, 20)}.`);
    return seenSet(res, set);
  };
  const setRows = (res: Response, set: ProblemSet, sort?: unknown): StandingsRow[] => {
    const only = isTeacher(res) ? undefined : (ownerFor(res) ?? undefined);
    const rows = standings(db, set.problems, { only, window: setWindow(set, Date.now()) });
    return sort === 'name' ? rows : rankSetRows(rows);
  };
  const presentSet = (set: ProblemSet) => ({
    id: set.id,
    name: set.name,
    problems: set.problems,
    opensAt: isoTimestamp(set.opensAt),
    closesAt: isoTimestamp(set.closesAt),
    phase: SET_PHASE_WORD[setWindow(set, Date.now()).phase],
  });
  const known = (): Set<string> => new Set(problemOrder());

  function makeSet(res: Response, body: unknown): number {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a homework set.');
    const change = checkSetInput(body, known(), true);
    const v = viewerOf(res);
    return insertSet(db, { name: change.name!, problems: change.problems!, opensAt: change.opensAt ?? null, closesAt: change.closesAt ?? null }, v.kind === 'account' ? v.id : null);
  }

  function changeSet(res: Response, raw: string, body: unknown): ProblemSet {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can change a homework set.');
    const id = parseId(raw);
    const current = id === null ? undefined : getSet(db, id);
    if (!current) throw notFound(`There is no set ${raw.slice(0, 20)}.`);
    return updateSet(db, current.id, checkSetInput(body, known(), false, current))!;
  }

  /** The set form's fields as the API takes them; the picker's order (JS) or its ticks in learning order. */
  async function setFormBody(req: Request): Promise<{ body: Record<string, unknown>; typed: Record<string, string> }> {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const order = (form.fields.get('order') ?? '').trim();
    const typed = form.fields.get('problems') ?? '';
    const problems = order
      ? order.split(/[\s,]+/).filter(Boolean)
      : [...problemOrder().filter((slug) => form.fields.has(`pick:${slug}`)), ...typed.split(/[\s,]+/).filter(Boolean)];
    const field = (n: string): string => form.fields.get(n) ?? '';
    return {
      // datetime-local fields carry no zone: they are the server's local time, as the pages show times.
      body: { name: field('name'), problems, opensAt: field('opensAt') || null, closesAt: field('closesAt') || null },
      typed: { name: field('name'), opensAt: field('opensAt'), closesAt: field('closesAt'), problems: problems.join(',') },
    };
  }

  /** The picker: every problem by title in the learning order, the chosen ones ticked and in their order. */
  const picker = (lang: Lang, chosen: readonly string[]) => {
    const all = heads(problemOrder(), lang);
    const rank = new Map(chosen.map((slug, i) => [slug, i]));
    return {
      problems: all.map((h, i) => ({ ...h, n: i + 1, checked: rank.has(h.slug) })),
      chosen: chosen.map((slug) => all.find((h) => h.slug === slug) ?? { slug, title: slug }),
      order: chosen.join(','),
      max: MAX_SET_PROBLEMS,
    };
  };

  // ---- class standings ----
  const classTable = (req: Request, res: Response) => {
    const problems = problemOrder();
    const lang = langOf(res);
    const h = heads(problems, lang);
    const sort = req.query.sort === 'name' ? 'name' : 'solved';
    return { heads: h, sort, kind: 'class', rows: pageRows(sortRows(standings(db, problems), sort), h, lang) };
  };

  router.get('/api/class/standings', (req, res) => {
    teacherOnly(res, 'API route GET /api/class/standings');
    const problems = problemOrder();
    res.json({ problems, students: sortRows(standings(db, problems), req.query.sort).map((r) => showRow(r, langOf(res))) });
  });

  router.get('/class/standings.csv', (_req, res) => {
    teacherOnly(res, 'page at /class/standings.csv');
    const problems = problemOrder();
    sendCsv(res, 'class - standings.csv', classCsv(heads(problems, langOf(res)), standings(db, problems)));
  });

  const classPage = (req: Request, res: Response, extra: Record<string, unknown> = {}) => {
    const lang = langOf(res);
    const now = Date.now();
    res.render('class', {
      title: 'Class',
      nav: 'class',
      scripts: ['/static/live.js', '/static/class.js', '/static/set-picker.js', '/static/class-import.js'],
      table: classTable(req, res),
      importText: IMPORT_TEXT[lang],
      sets: listSets(db).map((s) => ({ ...presentSet(s), when: phaseWords(s, now, lang).text })),
      picker: picker(lang, []),
      // The Students panel needs accounts: local mode has one implicit person and nobody to add.
      accounts: viewerOf(res).kind === 'account',
      ...extra,
    });
  };
  router.get('/class', (req, res) => {
    teacherOnly(res, 'page at /class');
    classPage(req, res);
  });
  router.get('/class/table', (req, res) => {
    teacherOnly(res, 'page at /class/table');
    res.render('standings-fragment', { layout: false, table: classTable(req, res) });
  });

  // ---- homework sets ----
  router.post('/api/sets', rawBody, (req, res) => {
    const id = makeSet(res, parseJsonBody(req.body));
    res.status(201).location(`/api/sets/${id}`).json(presentSet(getSet(db, id)!));
  });

  router.patch('/api/sets/:id', rawBody, (req, res) => {
    res.json(presentSet(changeSet(res, String(req.params.id), parseJsonBody(req.body))));
  });

  router.post('/sets', rawBody, async (req, res) => {
    teacherOnly(res, 'page at /sets');
    const { body, typed } = await setFormBody(req);
    try {
      const id = makeSet(res, body);
      res.redirect(303, `/sets/${id}`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      // The mistake on the form, with everything typed kept.
      res.status(400);
      classPage(req, res, { setError: e.message, typed, picker: picker(langOf(res), (body.problems as string[]).filter((p) => known().has(p))) });
    }
  });

  router.get('/api/sets', (_req, res) => {
    const teacher = isTeacher(res);
    const now = Date.now();
    const sets = listSets(db)
      .filter((s) => teacher || setWindow(s, now).visibleToStudents)
      .map((s) => seenSet(res, s));
    res.json(
      sets.map((s) => {
        if (teacher) return presentSet(s);
        const mine = setRows(res, s)[0];
        return { ...presentSet(s), solved: mine?.solved ?? 0, onTime: mine?.onTime ?? 0, late: mine?.late ?? 0 };
      }),
    );
  });

  router.get('/api/sets/:id', (req, res) => {
    const set = visibleSet(res, String(req.params.id));
    res.json({ ...presentSet(set), students: setRows(res, set, req.query.sort).map((r) => showRow(r, langOf(res))) });
  });

  const removeSet = (res: Response, raw: string): void => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can remove a homework set.');
    const id = parseId(raw);
    if (id === null || !deleteSet(db, id)) throw notFound(`There is no set ${raw.slice(0, 20)}.`);
  };
  router.delete('/api/sets/:id', (req, res) => {
    removeSet(res, String(req.params.id));
    res.status(204).end();
  });

  router.post('/sets/:id/delete', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    // The page asks first: the box must be ticked (a stray click removes nothing).
    if (form.fields.get('confirm') !== 'yes') throw badRequest('Tick "Yes, remove this set" to remove it.');
    removeSet(res, String(req.params.id));
    res.redirect(303, '/class');
  });

  router.get('/sets/:id/standings.csv', (req, res) => {
    teacherOnly(res, `page at /sets/${String(req.params.id).slice(0, 20)}/standings.csv`);
    const set = visibleSet(res, String(req.params.id));
    sendCsv(res, csvFileName(set.name), setCsv(heads(set.problems, langOf(res)), setRows(res, set)));
  });

  const setTable = (req: Request, res: Response, set: ProblemSet) => {
    const lang = langOf(res);
    const h = heads(set.problems, lang);
    const sort = req.query.sort === 'name' ? 'name' : 'solved';
    return { heads: h, sort, kind: 'set', setId: set.id, rows: pageRows(setRows(res, set, sort), h, lang) };
  };

  const setPage = (req: Request, res: Response, set: ProblemSet, extra: Record<string, unknown> = {}) => {
    const lang = langOf(res);
    const teacher = isTeacher(res);
    res.render('set', {
      title: set.name,
      nav: teacher ? 'class' : 'me',
      scripts: ['/static/live.js', '/static/class.js', ...(teacher ? ['/static/set-picker.js'] : [])],
      teacher,
      set: { ...presentSet(set), when: phaseWords(set, Date.now(), lang).text },
      table: setTable(req, res, set),
      ...(teacher
        ? { picker: picker(lang, set.problems), typed: { name: set.name, opensAt: localInputValue(set.opensAt), closesAt: localInputValue(set.closesAt) } }
        : {}),
      ...extra,
    });
  };

  router.get('/sets/:id', (req, res) => setPage(req, res, visibleSet(res, String(req.params.id))));

  router.get('/sets/:id/table', (req, res) => {
    const set = visibleSet(res, String(req.params.id));
    res.render('standings-fragment', { layout: false, table: setTable(req, res, set) });
  });

  router.post('/sets/:id/edit', rawBody, async (req, res) => {
    teacherOnly(res, `page at /sets/${String(req.params.id).slice(0, 20)}/edit`);
    const current = visibleSet(res, String(req.params.id));
    const { body, typed } = await setFormBody(req);
    try {
      changeSet(res, String(current.id), body);
      res.redirect(303, `/sets/${current.id}?saved=1`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      res.status(400);
      setPage(req, res, current, { setError: e.message, typed, picker: picker(langOf(res), (body.problems as string[]).filter((p) => known().has(p))) });
    }
  });

  // ---- live tables: a push per finished submission, from the judge's done hook ----
  const watchers = new Set<{ owner: number | null; send: () => void }>();
  // The kept tries were refreshed by the writer of the result (server/storage/submissions.ts); this only tells the open tables.
  events?.onAnyDone((id) => {
    const changed = judgedOwner(db, id);
    if (!changed) return;
    for (const w of watchers) if (w.owner === null || w.owner === changed.owner) w.send();
  });

  // A student hears only of their own verdicts; a teacher of everyone's.
  const watch = (res: Response) => (stream: TopicStream) => {
    let timer: NodeJS.Timeout | null = null;
    const watcher = {
      owner: isTeacher(res) ? null : ownerFor(res),
      send: () => {
        timer ??= setTimeout(() => {
          timer = null;
          stream.send('changed', {});
        }, PUSH_DELAY_MS);
      },
    };
    watchers.add(watcher);
    return () => {
      watchers.delete(watcher);
      if (timer) clearTimeout(timer);
    };
  };
  topics.register('class', (_req, res) => {
    teacherOnly(res, 'live topic class');
    return watch(res);
  });
  topics.register('set', (_req, res, arg) => {
    visibleSet(res, arg);
    return watch(res);
  });
  router.get('/class/events', (req, res) => {
    teacherOnly(res, 'page at /class/events');
    topics.serve(req, res, ['class']);
  });
  router.get('/sets/:id/events', (req, res) => {
    visibleSet(res, String(req.params.id));
    topics.serve(req, res, [`set:${String(req.params.id)}`]);
  });

  router.use(rosterRoutes(db, (req, res, extra) => classPage(req, res, extra)));

  // ---- a student's own page ----
  router.get('/me', (_req, res) => {
    const v = viewerOf(res);
    if (v.kind !== 'account') throw notFound('There is no personal page in local mode (no accounts).');
    const problems = problemOrder().filter((slug) => seesProblem(db, res, slug));
    const lang = langOf(res);
    const h = heads(problems, lang);
    const row = standings(db, problems, { only: v.id })[0];
    const now = Date.now();
    res.render('me', {
      title: v.displayName,
      nav: 'me',
      name: v.displayName,
      problems: h,
      row: row && { solved: row.solved, cells: pageRows([row], h, lang)[0]!.cells },
      sets: listSets(db)
        .filter((s) => setWindow(s, now).visibleToStudents)
        .map((s) => seenSet(res, s))
        .map((s) => {
          const mine = standings(db, s.problems, { only: v.id, window: setWindow(s, now) })[0];
          const words = phaseWords(s, now, lang);
          return { id: s.id, name: s.name, total: s.problems.length, onTime: mine?.onTime ?? 0, late: mine?.late ?? 0, when: words.text, closed: words.phase === 'over' };
        }),
      recent: listSubmissions(db, { owner: v.id }, 10, 0).map((s) => ({ id: s.id, problem: s.problem, when: formatTimestamp(s.createdAt), statusText: statusSaid(s), statusClass: statusClass(s) })),
    });
  });

  return router;
}

/**
 * The sets a student sees on the problem list and problem pages: open ones and closed ones (marked
 * closed), with their own on-time and late counts. `slug`: only the sets holding that problem.
 */
export function homeworkBanner(db: Db, owner: number, lang: Lang = 'en', slug?: string): { id: number; name: string; solved: number; onTime: number; late: number; total: number; when: string; due: string; closed: boolean }[] {
  const now = Date.now();
  return listSets(db)
    .filter((s) => setWindow(s, now).visibleToStudents && (slug === undefined || s.problems.includes(slug)))
    .map((s) => {
      const window = setWindow(s, now);
      const mine = standings(db, s.problems, { only: owner, window })[0];
      const words = phaseWords(s, now, lang);
      // A student's own row exists only for a student account; a teacher sees no banner.
      return { id: s.id, name: s.name, solved: mine?.solved ?? 0, onTime: mine?.onTime ?? 0, late: mine?.late ?? 0, total: s.problems.length, when: words.text, due: words.due, closed: words.phase === 'over' };
    });
}

/** Per problem, the sets holding it as a problem row says so: "Homework: Nim basics, due 2026-03-08 18:00". */
export function homeworkDue(db: Db, homework: ReturnType<typeof homeworkBanner>): Map<string, { id: number; name: string; due: string; closed: boolean }[]> {
  const bySlug = new Map<string, { id: number; name: string; due: string; closed: boolean }[]>();
  for (const h of homework) {
    const set = getSet(db, h.id);
    for (const slug of set?.problems ?? []) {
      const list = bySlug.get(slug) ?? [];
      list.push({ id: h.id, name: h.name, due: h.due, closed: h.closed });
      bySlug.set(slug, list);
    }
  }
  return bySlug;
}
