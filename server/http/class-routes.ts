/**
 * The teacher's side: class standings (`/class`, `GET /api/class/standings`, CSV), homework sets
 * (`/api/sets`, `/sets/:id`) and each student's own page (`/me`). Standings and sets are read from
 * the submissions as they are: a set never copies or deletes one.
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import { inLearningOrder } from '../../problems/catalog';
import type { Db } from '../storage/db';
import { deleteSet, getSet, insertSet, listSets, type ProblemSet } from '../storage/problem-sets';
import { listProblems } from '../storage/problems';
import { standings, type StandingsRow } from '../storage/standings';
import { listSubmissions } from '../storage/submissions';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { cellText, sendCsv, standingsCsv } from './class-csv';
import { formatTimestamp, isoTimestamp, statusClass, statusText } from './present';
import { isTeacher, ownerFor, viewerOf } from './auth/viewer';

const MAX_SET_PROBLEMS = 50;

const setSchema = z.object({
  name: z.string().trim().min(1).max(100),
  problems: z.array(z.string()).min(1).max(MAX_SET_PROBLEMS),
  opensAt: z.union([z.string(), z.number(), z.null()]).optional(),
  closesAt: z.union([z.string(), z.number(), z.null()]).optional(),
});

function presentRow(r: StandingsRow) {
  return { name: r.name, solved: r.solved, cells: r.cells.map((c) => ({ problem: c.problem, state: c.state, tries: c.tries, firstAcAt: isoTimestamp(c.firstAcAt), ...(c.late === undefined ? {} : { late: c.late }) })) };
}

function timeOf(raw: string | number | null | undefined, field: string): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const ms = typeof raw === 'number' ? raw : Date.parse(raw);
  if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) throw badRequest(`The field "${field}" must be a date and time (ISO 8601, e.g. 2026-03-06T18:00:00+08:00).`);
  return ms;
}

export function classRoutes(db: Db): express.Router {
  const router = express.Router();
  const problemOrder = (): string[] => inLearningOrder(listProblems(db)).map((p) => p.slug);

  /** Teachers only; anyone else is told there is nothing here. */
  const teacherOnly = (res: Response, what: string): void => {
    if (!isTeacher(res)) throw notFound(`There is no ${what}.`);
  };
  const sortRows = (rows: StandingsRow[], sort: unknown): StandingsRow[] =>
    sort === 'name' ? rows : [...rows].sort((a, b) => b.solved - a.solved || a.name.localeCompare(b.name));

  const visibleSet = (res: Response, raw: string): ProblemSet => {
    const set = /^[1-9]\d{0,15}$/.test(raw) ? getSet(db, Number(raw)) : undefined;
    // A set that has not opened is invisible to students.
    if (!set || (!isTeacher(res) && set.opensAt !== null && set.opensAt > Date.now())) throw notFound(`There is no set ${raw.slice(0, 20)}.`);
    return set;
  };
  const setRows = (res: Response, set: ProblemSet): StandingsRow[] => {
    const only = isTeacher(res) ? undefined : (ownerFor(res) ?? undefined);
    return standings(db, set.problems, { only, closesAt: set.closesAt });
  };
  const presentSet = (set: ProblemSet) => ({ id: set.id, name: set.name, problems: set.problems, opensAt: isoTimestamp(set.opensAt), closesAt: isoTimestamp(set.closesAt) });

  function createSet(res: Response, body: unknown): number {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a homework set.');
    const parsed = setSchema.safeParse(body);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
      throw badRequest(field === 'problems' ? `The field "problems" must list 1 to ${MAX_SET_PROBLEMS} problem slugs.` : `The field "${field}" is missing or malformed (a name is 1 to 100 characters).`);
    }
    const known = new Set(problemOrder());
    const unknown = parsed.data.problems.find((p) => !known.has(p));
    if (unknown !== undefined) throw badRequest(`There is no problem "${unknown.slice(0, 60)}".`);
    if (new Set(parsed.data.problems).size !== parsed.data.problems.length) throw badRequest('A set lists each problem once.');
    const opensAt = timeOf(parsed.data.opensAt, 'opensAt');
    const closesAt = timeOf(parsed.data.closesAt, 'closesAt');
    if (opensAt !== null && closesAt !== null && closesAt <= opensAt) throw badRequest('A set must close after it opens.');
    const v = viewerOf(res);
    return insertSet(db, { name: parsed.data.name, problems: parsed.data.problems, opensAt, closesAt }, v.kind === 'account' ? v.id : null);
  }

  // ---- class standings ----
  router.get('/api/class/standings', (_req, res) => {
    teacherOnly(res, 'API route GET /api/class/standings');
    const problems = problemOrder();
    res.json({ problems, students: standings(db, problems).map(presentRow) });
  });

  router.get('/class/standings.csv', (_req, res) => {
    teacherOnly(res, 'page at /class/standings.csv');
    const problems = problemOrder();
    sendCsv(res, 'standings.csv', standingsCsv(problems, standings(db, problems)));
  });

  router.get('/class', (req, res) => {
    teacherOnly(res, 'page at /class');
    const problems = problemOrder();
    const sort = req.query.sort === 'name' ? 'name' : 'solved';
    res.render('class', {
      title: 'Class',
      nav: 'class',
      scripts: ['/static/class.js'],
      problems,
      sort,
      rows: sortRows(standings(db, problems), sort).map((r) => ({ name: r.name, solved: r.solved, cells: r.cells.map((c) => ({ ...c, text: cellText(c) })) })),
      sets: listSets(db).map((s) => ({ ...presentSet(s), closes: formatTimestamp(s.closesAt), opens: formatTimestamp(s.opensAt) })),
    });
  });

  // ---- homework sets ----
  router.post('/api/sets', rawBody, (req, res) => {
    const id = createSet(res, parseJsonBody(req.body));
    res.status(201).location(`/api/sets/${id}`).json({ id });
  });

  router.post('/sets', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    // datetime-local fields carry no zone: they are the server's local time, as the pages show times.
    const id = createSet(res, {
      name: form.fields.get('name') ?? '',
      problems: (form.fields.get('problems') ?? '').split(/[\s,]+/).filter(Boolean),
      opensAt: form.fields.get('opensAt') || null,
      closesAt: form.fields.get('closesAt') || null,
    });
    res.redirect(303, `/sets/${id}`);
  });

  router.get('/api/sets', (_req, res) => {
    const teacher = isTeacher(res);
    const sets = listSets(db, teacher ? undefined : Date.now());
    res.json(sets.map((s) => ({ ...presentSet(s), ...(teacher ? {} : { solved: setRows(res, s)[0]?.solved ?? 0 }) })));
  });

  router.get('/api/sets/:id', (req, res) => {
    const set = visibleSet(res, String(req.params.id));
    res.json({ ...presentSet(set), students: setRows(res, set).map(presentRow) });
  });

  router.delete('/api/sets/:id', (req, res) => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can remove a homework set.');
    if (!/^[1-9]\d{0,15}$/.test(String(req.params.id)) || !deleteSet(db, Number(req.params.id))) throw notFound(`There is no set ${String(req.params.id).slice(0, 20)}.`);
    res.status(204).end();
  });

  router.post('/sets/:id/delete', rawBody, (req, res) => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can remove a homework set.');
    if (!/^[1-9]\d{0,15}$/.test(String(req.params.id)) || !deleteSet(db, Number(req.params.id))) throw notFound(`There is no set ${String(req.params.id).slice(0, 20)}.`);
    res.redirect(303, '/class');
  });

  router.get('/sets/:id/standings.csv', (req, res) => {
    teacherOnly(res, `page at /sets/${String(req.params.id).slice(0, 20)}/standings.csv`);
    const set = visibleSet(res, String(req.params.id));
    sendCsv(res, `set-${set.id}-standings.csv`, standingsCsv(set.problems, setRows(res, set)));
  });

  router.get('/sets/:id', (req, res) => {
    const set = visibleSet(res, String(req.params.id));
    res.render('set', {
      title: set.name,
      nav: isTeacher(res) ? 'class' : 'me',
      teacher: isTeacher(res),
      set: { ...presentSet(set), opens: formatTimestamp(set.opensAt), closes: formatTimestamp(set.closesAt), closed: set.closesAt !== null && set.closesAt < Date.now() },
      rows: sortRows(setRows(res, set), req.query.sort).map((r) => ({ name: r.name, solved: r.solved, cells: r.cells.map((c) => ({ ...c, text: cellText(c) })) })),
    });
  });

  // ---- a student's own page ----
  router.get('/me', (_req, res) => {
    const v = viewerOf(res);
    if (v.kind !== 'account') throw notFound('There is no personal page in local mode (no accounts).');
    const problems = problemOrder();
    const row = standings(db, problems, { only: v.id })[0];
    const now = Date.now();
    res.render('me', {
      title: v.name,
      nav: 'me',
      name: v.name,
      problems,
      row: row && { solved: row.solved, cells: row.cells.map((c) => ({ ...c, text: cellText(c) })) },
      sets: listSets(db, now).map((s) => {
        const mine = standings(db, s.problems, { only: v.id, closesAt: s.closesAt })[0];
        return { id: s.id, name: s.name, total: s.problems.length, solved: mine?.solved ?? 0, closes: formatTimestamp(s.closesAt), closed: s.closesAt !== null && s.closesAt < now };
      }),
      recent: listSubmissions(db, { owner: v.id }, 10, 0).map((s) => ({ id: s.id, problem: s.problem, when: formatTimestamp(s.createdAt), statusText: statusText(s), statusClass: statusClass(s) })),
    });
  });

  return router;
}

/** The open sets a student sees on the problem list: "Homework: Nim basics, 3 of 5 solved, closes …". */
export function homeworkBanner(db: Db, owner: number): { id: number; name: string; solved: number; total: number; closes: string }[] {
  const now = Date.now();
  return listSets(db, now)
    .filter((s) => s.closesAt === null || s.closesAt >= now)
    .map((s) => {
      const mine = standings(db, s.problems, { only: owner })[0];
      // A student's own row exists only for a student account; a teacher sees no banner.
      return { id: s.id, name: s.name, solved: mine?.solved ?? 0, total: s.problems.length, closes: formatTimestamp(s.closesAt) };
    });
}
