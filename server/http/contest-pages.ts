/**
 * The contest pages: the list (and the teacher's create form), a round's page (countdown, problems,
 * messages, the question form, the teacher's buttons) and the board (with a projector view). Every
 * form posts to a page route that calls the same code as the JSON API, then redirects back.
 */
import express, { type Request, type Response } from 'express';
import { inLearningOrder } from '../../problems/catalog';
import type { Board, BoardCell } from '../contests/board';
import { labelOf } from '../contests/board';
import type { Db } from '../storage/db';
import {
  addAnnouncement,
  addQuestion,
  answerQuestion,
  contestPhase,
  endContestNow,
  endOf,
  getContest,
  insertContest,
  listContests,
  messagesFor,
  takesPart,
  unfreezeContest,
  type Contest,
} from '../storage/contests';
import { getProblemHeader, listProblems } from '../storage/problems';
import { parseFormBody, rawBody } from './body';
import { contestCore, firstIssue, textSchema } from './contest-routes';
import { latestRejudge } from '../rejudge/store';
import { rejudgePanel } from './rejudge-routes';
import { badRequest, HttpError, notFound } from './errors';
import { isTeacher, ownerFor, viewerOf } from './auth/viewer';

const when = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export function contestPages(db: Db, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const { teacherOnly, visible, parseInput, boardFor } = contestCore(db, now);

  const titleOf = (res: Response, slug: string): string => {
    const h = getProblemHeader(db, slug);
    return (res.locals.uiLang === 'zh' ? h?.titleZh : h?.titleEn) || slug;
  };

  const summary = (c: Contest) => {
    const phase = contestPhase(c, now());
    return { id: c.id, name: c.name, phase, starts: when(c.startsAt), ends: when(endOf(c)), minutes: c.minutes, rules: c.rules, freezeMinutes: c.freezeMinutes };
  };

  const listPage = (res: Response, extra: { formError?: string; typed?: Record<string, string>; picked?: readonly string[] } = {}) => {
    const teacher = isTeacher(res);
    const contests = listContests(db).filter((c) => teacher || takesPart(db, c, ownerFor(res)) || contestPhase(c, now()) === 'over');
    const picked = new Set(extra.picked ?? []);
    const problems = inLearningOrder(listProblems(db)).map((p, i) => ({ slug: p.slug, title: res.locals.uiLang === 'zh' ? p.titleZh : p.titleEn, n: i + 1, checked: picked.has(p.slug) }));
    // A form sent back with a mistake keeps everything typed.
    const typed = extra.typed ?? { minutes: '90', freezeMinutes: '0', rules: 'icpc' };
    res.render('contests', { title: 'Contests', nav: 'contests', contests: contests.map(summary), teacher, problems, typed, formError: extra.formError });
  };

  router.get('/contests', (_req, res) => listPage(res));

  router.post('/contests', rawBody, async (req, res) => {
    teacherOnly(res, 'make a contest');
    const form = await parseFormBody(req.get('content-type'), req.body);
    const field = (n: string): string => (form.fields.get(n) ?? '').trim();
    const int = (n: string): number => (/^\d{1,7}$/.test(field(n)) ? Number(field(n)) : Number.NaN);
    const problems = inLearningOrder(listProblems(db)).map((p) => p.slug).filter((slug) => form.fields.has(`pick:${slug}`));
    const body = {
      name: field('name'),
      problems,
      // datetime-local carries no zone: it is the server's local time.
      startsAt: field('startsAt'),
      minutes: int('minutes'),
      rules: field('rules'),
      freezeMinutes: field('freezeMinutes') === '' ? 0 : int('freezeMinutes'),
    };
    try {
      const id = insertContest(db, parseInput(body), ownerFor(res), now());
      res.redirect(303, `/contests/${id}`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      res.status(400);
      const typed = Object.fromEntries(['name', 'startsAt', 'minutes', 'rules', 'freezeMinutes'].map((n) => [n, field(n)]));
      listPage(res, { formError: e.message, typed, picked: problems });
    }
  });

  /** This person's row on the board they see (the one person in local mode is "you"). */
  const myRow = (res: Response, board: Board) => {
    const v = viewerOf(res);
    const me = v.kind === 'account' ? v.name : 'you';
    return board.rows.find((r) => r.name === me && !r.virtual);
  };

  const contestPage = (res: Response, c: Contest, error: string | null = null) => {
    const t = now();
    const phase = contestPhase(c, t);
    const teacher = isTeacher(res);
    const showProblems = teacher || phase !== 'before';
    const board = phase === 'before' ? undefined : boardFor(res, c, false);
    const mine = board ? myRow(res, board) : undefined;
    const problems = showProblems
      ? c.problems.map((slug, i) => ({ label: labelOf(i), slug, title: titleOf(res, slug), cell: mine ? cellView(mine.cells[i]) : cellView(undefined) }))
      : [];
    const messages = messagesFor(db, c.id, ownerFor(res), teacher).map((m) => ({
      ...m,
      label: m.problem === null ? null : labelOf(c.problems.indexOf(m.problem)),
      at: when(m.createdAt),
    }));
    res.render('contest', {
      title: c.name,
      nav: 'contests',
      scripts: phase === 'over' ? [] : ['/static/contest-clock.js'],
      contest: summary(c),
      before: phase === 'before',
      running: phase === 'running',
      over: phase === 'over',
      startsMs: c.startsAt,
      endsMs: endOf(c),
      leftMinutes: phase === 'running' ? Math.ceil((endOf(c) - t) / 60_000) : null,
      untilMinutes: phase === 'before' ? Math.ceil((c.startsAt - t) / 60_000) : null,
      problems,
      messages,
      teacher,
      frozen: board?.frozen ?? false,
      unfrozen: c.unfrozenAt !== null,
      canUnfreeze: teacher && phase === 'over' && c.freezeMinutes > 0 && c.unfrozenAt === null,
      rejudgePanel: teacher && phase !== 'before' ? rejudgePanel({ contest: c.id }, latestRejudge(db, { contest: c.id })) : null,
      error,
    });
  };

  router.get('/contests/:id', (req, res) => contestPage(res, visible(res, String(req.params.id))));

  /** A form's text through the API's rules; a mistake goes back to the page as a sentence. */
  const formText = async (req: Request) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const parsed = textSchema.safeParse({ text: form.fields.get('text') ?? '', problem: form.fields.get('problem') || null, toAll: form.fields.has('toAll') });
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    return { ...parsed.data, form };
  };
  const back = (res: Response, c: Contest, action: () => Promise<void> | void) =>
    Promise.resolve()
      .then(action)
      .then(
        () => res.redirect(303, `/contests/${c.id}`),
        (e: unknown) => {
          if (!(e instanceof HttpError) || e.status !== 400) throw e;
          // The mistake on the page itself, answered 400.
          res.status(400);
          contestPage(res, getContest(db, c.id) ?? c, e.message);
        },
      );

  router.post('/contests/:id/questions', rawBody, async (req, res) => {
    const c = visible(res, String(req.params.id));
    await back(res, c, async () => {
      const d = await formText(req);
      const problem = d.problem ?? null;
      if (problem !== null && !c.problems.includes(problem)) throw badRequest(`The problem "${problem.slice(0, 60)}" is not in this contest.`);
      addQuestion(db, c.id, ownerFor(res), problem, d.text, now());
    });
  });

  router.post('/contests/:id/questions/:qid/answer', rawBody, async (req, res) => {
    teacherOnly(res, 'answer a question');
    const c = visible(res, String(req.params.id));
    const qid = /^[1-9]\d{0,15}$/.test(String(req.params.qid)) ? Number(req.params.qid) : 0;
    await back(res, c, async () => {
      const d = await formText(req);
      if (!answerQuestion(db, c.id, qid, ownerFor(res), d.text, d.toAll === true, now())) throw notFound(`There is no question ${String(req.params.qid).slice(0, 20)} in this contest.`);
    });
  });

  router.post('/contests/:id/announcements', rawBody, async (req, res) => {
    teacherOnly(res, 'announce');
    const c = visible(res, String(req.params.id));
    await back(res, c, async () => {
      addAnnouncement(db, c.id, ownerFor(res), (await formText(req)).text, now());
    });
  });

  router.post('/contests/:id/end', rawBody, async (req, res) => {
    teacherOnly(res, 'end a contest');
    const c = visible(res, String(req.params.id));
    await back(res, c, () => {
      if (contestPhase(c, now()) !== 'running') throw badRequest('Only a running contest can be ended.');
      endContestNow(db, c.id, now());
    });
  });

  router.post('/contests/:id/unfreeze', rawBody, async (req, res) => {
    teacherOnly(res, 'unfreeze the board');
    const c = visible(res, String(req.params.id));
    await back(res, c, () => {
      if (contestPhase(c, now()) !== 'over') throw badRequest('The board can be unfrozen once the round is over.');
      unfreezeContest(db, c.id, now());
    });
  });

  router.get('/contests/:id/board', (req, res) => {
    const c = visible(res, String(req.params.id));
    const phase = contestPhase(c, now());
    if (phase === 'before' && !isTeacher(res)) throw badRequest('The round has not started yet.');
    const projector = req.query.projector === '1';
    // The resolver: the teacher's projector after a frozen round, until the last cell is revealed.
    const resolver = projector && isTeacher(res) && phase === 'over' && c.freezeMinutes > 0 && c.unfrozenAt === null;
    const board = boardFor(res, c, false, resolver);
    res.render('contest-board', {
      title: c.name,
      nav: 'contests',
      scripts: resolver ? ['/static/api.js', '/static/contest-board.js', '/static/contest-resolver.js'] : ['/static/contest-board.js'],
      resolver,
      canResolve: !projector && isTeacher(res) && phase === 'over' && c.freezeMinutes > 0 && c.unfrozenAt === null,
      contest: summary(c),
      projector,
      labels: c.problems.map((slug, i) => ({ label: labelOf(i), title: titleOf(res, slug) })),
      frozen: board.frozen,
      rows: board.rows.map((r) => ({ ...r, cells: r.cells.map(cellView) })),
    });
  });

  return router;
}

/** A board cell as the page shows it: "+1/17", "−2", "?3", or nothing; the class colours it. */
export function cellView(c: BoardCell | undefined): { text: string; minutes: number | null; state: string; first: boolean } {
  if (!c || c.state === 'none') return { text: '', minutes: null, state: 'none', first: false };
  // "+" alone is a first-try solve; "+2" means two rejected tries before it.
  if (c.state === 'solved') return { text: `+${c.tries > 1 ? c.tries - 1 : ''}`, minutes: c.minutes, state: 'solved', first: c.first };
  if (c.state === 'rejected') return { text: `−${c.tries}`, minutes: null, state: 'rejected', first: false };
  return { text: `?${c.tries}`, minutes: null, state: 'pending', first: false };
}
