/**
 * The contest pages: the list (and the teacher's create form), a round's page (countdown, problems,
 * messages, the question form, the teacher's buttons) and the board (with a projector view). Every
 * form posts to a page route that calls the same code as the JSON API, then redirects back.
 */
import express, { type Request, type Response } from 'express';
import { inLearningOrder } from '../../problems/catalog';
import type { Board, BoardCell } from '../contests/board';
import { labelOf } from '../contests/board';
import { roundWindow } from '../rules/window';
import type { Db } from '../storage/db';
import {
  endContestNow,
  getContest,
  insertContest,
  listContests,
  setContestMinutes,
  startVirtual,
  unfreezeContest,
  updateContest,
  type Contest,
  type ContestMessage,
} from '../storage/contests';
import { getProblemHeader, listProblems } from '../storage/problems';
import { listAccounts } from '../storage/accounts';
import { parseFormBody, rawBody } from './body';
import { boardView, contestCore, firstIssue, iso, MAX_MINUTES, textSchema } from './contest-routes';
import { latestRejudge } from '../rejudge/store';
import { rejudgePanel } from './rejudge-routes';
import { badRequest, errorIn, HttpError, notFound } from './errors';
import { isTeacher, ownerFor, scopeOf, viewerOf } from './auth/viewer';
import { messagesPage } from '../storage/contest-questions';
import { holdOf } from '../storage/problem-holds';
import { hiddenOf, insertRoundHolding } from './problem-hold-routes';

/** A time as the pages print it; one no date can hold (a row from before the input bound) prints "?", never throws. */
export const when = (ms: number | null): string => {
  const text = iso(ms);
  return text === null ? '?' : text.replace('T', ' ').slice(0, 16) + ' UTC';
};

/** Messages on a round's page at a time (the teacher's page of 1,300 questions was 5.7 MB). */
const MESSAGES_PER_PAGE = 50;

/** The helpers' names as the pages say them (translated by the page's phrases). */
const HELPER_NAMES = { stress: 'Stress test', lab: 'SG lab', hints: 'Hints' } as const;
/** How far ahead the create form's start is by default. */
const DEFAULT_LEAD_MS = 10 * 60_000;

/** What a contest form shows typed (sent back with a mistake, or a round's current fields). */
interface Typed {
  name: string;
  startsAt: string;
  minutes: string;
  freezeMinutes: string;
  rules: string;
  tools: { stress: boolean; lab: boolean; hints: boolean };
  /** Only the ticked students take part (else the whole class). */
  list: boolean;
  problems: string[];
  people: number[];
  /** Contest-only: the picked problems are held for the round (the create form). */
  hidden?: boolean;
}

/** A datetime-local value in the server's local time (the form's start carries no zone). */
function localInput(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function typedOf(c: Contest): Typed {
  return {
    name: c.name,
    startsAt: localInput(c.startsAt),
    minutes: String(c.minutes),
    freezeMinutes: String(c.freezeMinutes),
    rules: c.rules,
    tools: c.tools,
    list: c.participants !== null,
    problems: c.problems,
    people: c.participants ?? [],
  };
}

/** The create and edit forms' fields as the API's body (the same rules check both), and as typed. */
async function contestForm(db: Db, req: Request): Promise<{ body: Record<string, unknown>; typed: Typed }> {
  const form = await parseFormBody(req.get('content-type'), req.body);
  const field = (n: string): string => (form.fields.get(n) ?? '').trim();
  const int = (n: string): number => (/^\d{1,7}$/.test(field(n)) ? Number(field(n)) : Number.NaN);
  const problems = inLearningOrder(listProblems(db)).map((p) => p.slug).filter((slug) => form.fields.has(`pick:${slug}`));
  const tools = { stress: form.fields.has('tool:stress'), lab: form.fields.has('tool:lab'), hints: form.fields.has('tool:hints') };
  const list = field('participants') === 'list';
  const people = [...form.fields.keys()].flatMap((k) => (/^person:[1-9]\d{0,15}$/.test(k) ? [Number(k.slice(7))] : []));
  const body = {
    name: field('name'),
    problems,
    // datetime-local carries no zone: it is the server's local time.
    startsAt: field('startsAt'),
    minutes: int('minutes'),
    rules: field('rules'),
    freezeMinutes: field('freezeMinutes') === '' ? 0 : int('freezeMinutes'),
    tools,
    participants: list ? people : null,
    // Contest-only: every ticked problem held for the round (made through the create form only).
    hidden: form.fields.has('hidden') ? problems : [],
  };
  const typed: Typed = { name: field('name'), startsAt: field('startsAt'), minutes: field('minutes'), freezeMinutes: field('freezeMinutes'), rules: field('rules'), tools, list, problems, people, hidden: form.fields.has('hidden') };
  return { body, typed };
}

export function contestPages(db: Db, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const { teacherOnly, sees, visible, messagesOf, parseInput, boardFor, windowOf, virtualOf, ask, answer, announce } = contestCore(db, now);

  const titleOf = (res: Response, slug: string): string => {
    const h = getProblemHeader(db, slug);
    return (res.locals.uiLang === 'zh' ? h?.titleZh : h?.titleEn) || slug;
  };

  const summary = (c: Contest) => {
    const w = windowOf(c);
    return {
      id: c.id,
      name: c.name,
      phase: w.phase,
      starts: when(c.startsAt),
      ends: when(w.endsAt),
      // What a contestant must know before the start: when the board stops changing, and what is off.
      freezes: w.freezeAt === null ? null : when(w.freezeAt),
      minutes: c.minutes,
      rules: c.rules,
      freezeMinutes: c.freezeMinutes,
      helpersOff: (['stress', 'lab', 'hints'] as const).filter((t) => !c.tools[t]).map((t) => HELPER_NAMES[t]),
    };
  };

  /** The form's pickers: problems in learning order, and in accounts mode the students. */
  const formLists = (res: Response, typed: Typed) => {
    const picked = new Set(typed.problems);
    const problems = inLearningOrder(listProblems(db)).map((p, i) => ({ slug: p.slug, title: res.locals.uiLang === 'zh' ? p.titleZh : p.titleEn, n: i + 1, checked: picked.has(p.slug) }));
    const listed = new Set(typed.people);
    const students =
      viewerOf(res).kind === 'account'
        ? listAccounts(db)
            .filter((a) => a.role === 'student' && a.removedAt === null)
            .map((a) => ({ id: a.id, name: a.name, displayName: a.displayName, checked: listed.has(a.id) }))
        : [];
    return { problems, students };
  };

  const listPage = (res: Response, extra: { formError?: string; typed?: Typed } = {}) => {
    const teacher = isTeacher(res);
    const contests = listContests(db).filter((c) => sees(res, c, 'round'));
    // A form sent back with a mistake keeps everything typed.
    // A new round starts a few minutes ahead by default: time to check it before anyone sees it.
    const typed = extra.typed ?? { name: '', startsAt: localInput(Math.ceil((now() + DEFAULT_LEAD_MS) / 60_000) * 60_000), minutes: '90', freezeMinutes: '0', rules: 'icpc', tools: { stress: true, lab: true, hints: true }, list: false, problems: [], people: [] };
    res.render('contests', { title: 'Contests', nav: 'contests', contests: contests.map(summary), teacher, typed, ...formLists(res, typed), formError: extra.formError });
  };

  router.get('/contests', (_req, res) => listPage(res));

  router.post('/contests', rawBody, async (req, res) => {
    teacherOnly(res, 'make a contest');
    const { body, typed } = await contestForm(db, req);
    try {
      const input = parseInput(body);
      const hidden = hiddenOf(body, input.problems);
      const id = insertRoundHolding(db, input, hidden, ownerFor(res), now());
      res.redirect(303, `/contests/${id}`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      res.status(400);
      listPage(res, { formError: errorIn(e, res.locals.uiLang === 'zh' ? 'zh' : 'en'), typed });
    }
  });

  // Editing a round before its start: the same fields as the create form, filled in.
  const editPage = (res: Response, c: Contest, extra: { formError?: string; typed?: Typed } = {}) => {
    const typed = extra.typed ?? typedOf(c);
    res.render('contest-edit', { title: c.name, nav: 'contests', contest: summary(c), typed, ...formLists(res, typed), formError: extra.formError });
  };
  const beforeStart = (c: Contest): void => {
    if (windowOf(c).phase !== 'before') throw badRequest('A round can be edited only before its start; during the round only its length can be extended.');
  };

  router.get('/contests/:id/edit', (req, res) => {
    teacherOnly(res, 'change a contest');
    const c = visible(res, String(req.params.id));
    beforeStart(c);
    editPage(res, c);
  });

  router.post('/contests/:id/edit', rawBody, async (req, res) => {
    teacherOnly(res, 'change a contest');
    const c = visible(res, String(req.params.id));
    beforeStart(c);
    const { body, typed } = await contestForm(db, req);
    try {
      updateContest(db, c.id, parseInput(body, c));
      res.redirect(303, `/contests/${c.id}`);
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      res.status(400);
      editPage(res, c, { formError: errorIn(e, res.locals.uiLang === 'zh' ? 'zh' : 'en'), typed });
    }
  });

  /** This person's row on the board they see (the one person in local mode is "you"); on a virtual board, their virtual row. */
  const myRow = (res: Response, board: Board, virtual: boolean) => {
    const v = viewerOf(res);
    const me = v.kind === 'account' ? v.name : 'you';
    return board.rows.find((r) => r.name === me && r.virtual === virtual);
  };

  const contestPage = (req: Request, res: Response, c: Contest, error: string | null = null) => {
    const t = now();
    const w = windowOf(c);
    const phase = w.phase;
    const teacher = isTeacher(res);
    const showProblems = sees(res, c, 'problems');
    const own = virtualOf(res, c);
    // During this person's virtual round, their own cells are their virtual board's.
    const virtualRunning = own?.window.phase === 'running';
    const board = phase === 'before' ? undefined : boardFor(res, c, virtualRunning ? 'virtual' : 'live');
    const mine = board ? myRow(res, board, virtualRunning) : undefined;
    const problems = showProblems
      ? c.problems.map((slug, i) => ({ label: labelOf(i), slug, title: titleOf(res, slug), cell: mine ? cellView(mine.cells[i]) : cellView(undefined), held: holdOf(db, slug)?.contest === c.id }))
      : [];
    const virtual = own && {
      starts: when(own.v.startedAt),
      ends: when(own.window.endsAt),
      running: virtualRunning,
      endsMs: own.window.endsAt,
      leftMinutes: virtualRunning && own.window.endsAt !== null ? Math.ceil((own.window.endsAt - t) / 60_000) : null,
    };
    // Newest first, a page at a time: a teacher's page stays small whatever the class asks.
    const page = typeof req.query.messages === 'string' && /^[1-9]\d{0,5}$/.test(req.query.messages) ? Number(req.query.messages) : 1;
    const read = messagesPage(db, c.id, scopeOf(res), MESSAGES_PER_PAGE, (page - 1) * MESSAGES_PER_PAGE);
    const pages = Math.max(1, Math.ceil(read.total / MESSAGES_PER_PAGE));
    const messages = messagesOf(res, c, read.messages).map((m) => messageView(c, m));
    res.render('contest', {
      title: c.name,
      nav: 'contests',
      scripts: [...(phase === 'over' && !virtualRunning ? [] : ['/static/contest-clock.js']), '/static/live.js', '/static/contest-live.js'],
      contest: summary(c),
      before: phase === 'before',
      running: phase === 'running',
      over: phase === 'over',
      startsMs: c.startsAt,
      endsMs: w.endsAt,
      leftMinutes: phase === 'running' && w.endsAt !== null ? Math.ceil((w.endsAt - t) / 60_000) : null,
      untilMinutes: phase === 'before' ? Math.ceil((c.startsAt - t) / 60_000) : null,
      problems,
      messages,
      asked: req.query.asked === '1',
      // Contest-only problems matter where there are students (accounts mode): the teacher's column.
      canHold: teacher && viewerOf(res).kind === 'account',
      olderMessages: page < pages ? `/contests/${c.id}?messages=${page + 1}#messages` : null,
      newerMessages: page > 1 ? `/contests/${c.id}?messages=${page - 1}#messages` : null,
      teacher,
      frozen: board?.frozen ?? false,
      unfrozen: w.unfrozen,
      canUnfreeze: teacher && phase === 'over' && w.freezeAt !== null && !w.unfrozen,
      canEdit: teacher && phase === 'before',
      virtual,
      // Anyone who may see a finished round may practise it with their own clock (a teacher only checks pages).
      canStartVirtual: phase === 'over' && !own && (!teacher || viewerOf(res).kind === 'local'),
      rejudgePanel: teacher && phase !== 'before' ? rejudgePanel({ contest: c.id }, latestRejudge(db, { contest: c.id })) : null,
      error,
    });
  };

  router.get('/contests/:id', (req, res) => contestPage(req, res, visible(res, String(req.params.id))));

  /** A form's text through the API's rules; a mistake goes back to the page as a sentence. */
  const formText = async (req: Request) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const parsed = textSchema.safeParse({ text: form.fields.get('text') ?? '', problem: form.fields.get('problem') || null, toAll: form.fields.has('toAll') });
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    return { ...parsed.data, form };
  };
  const back = (req: Request, res: Response, c: Contest, action: () => Promise<void> | void, to = `/contests/${c.id}`) =>
    Promise.resolve()
      .then(action)
      .then(
        () => res.redirect(303, to),
        (e: unknown) => {
          if (!(e instanceof HttpError) || (e.status !== 400 && e.status !== 429)) throw e;
          // The mistake (or the cap) on the page itself, with its status.
          res.status(e.status);
          contestPage(req, res, getContest(db, c.id) ?? c, errorIn(e, res.locals.uiLang === 'zh' ? 'zh' : 'en'));
        },
      );

  router.post('/contests/:id/questions', rawBody, async (req, res) => {
    const c = visible(res, String(req.params.id));
    await back(req, res, c, async () => {
      const d = await formText(req);
      ask(res, c, d.problem ?? null, d.text);
    }, `/contests/${c.id}?asked=1#messages`);
  });

  router.post('/contests/:id/questions/:qid/answer', rawBody, async (req, res) => {
    teacherOnly(res, 'answer a question');
    const c = visible(res, String(req.params.id));
    const qid = /^[1-9]\d{0,15}$/.test(String(req.params.qid)) ? Number(req.params.qid) : 0;
    await back(req, res, c, async () => {
      const d = await formText(req);
      if (!answer(res, c, qid, d.text, d.toAll === true)) throw notFound(`There is no question ${String(req.params.qid).slice(0, 20)} in this contest.`);
    });
  });

  router.post('/contests/:id/announcements', rawBody, async (req, res) => {
    teacherOnly(res, 'announce');
    const c = visible(res, String(req.params.id));
    await back(req, res, c, async () => {
      announce(res, c, (await formText(req)).text);
    });
  });

  router.post('/contests/:id/end', rawBody, async (req, res) => {
    teacherOnly(res, 'end a contest');
    const c = visible(res, String(req.params.id));
    await back(req, res, c, () => {
      if (windowOf(c).phase !== 'running') throw badRequest('Only a running contest can be ended.');
      endContestNow(db, c.id, now());
    });
  });

  // During the round only the length may grow (PATCH's rule); "End now" is the form above.
  router.post('/contests/:id/extend', rawBody, async (req, res) => {
    teacherOnly(res, 'change a contest');
    const c = visible(res, String(req.params.id));
    await back(req, res, c, async () => {
      const form = await parseFormBody(req.get('content-type'), req.body);
      const raw = (form.fields.get('minutes') ?? '').trim();
      const minutes = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
      if (windowOf(c).phase !== 'running') throw badRequest('Only a running round can be extended; before its start, edit it.');
      if (!(minutes > c.minutes) || minutes > MAX_MINUTES) throw badRequest(`During the round the length may only be extended: more than ${c.minutes} minutes, at most ${MAX_MINUTES}.`);
      setContestMinutes(db, c.id, minutes);
    });
  });

  // A student's (or the local person's) virtual round of a round that is over: their own clock from now.
  router.post('/contests/:id/virtual', rawBody, async (req, res) => {
    const c = visible(res, String(req.params.id));
    await back(req, res, c, () => {
      if (windowOf(c).phase !== 'over') throw badRequest('A virtual round can start once the real round is over.');
      startVirtual(db, c.id, ownerFor(res), now());
    });
  });

  router.post('/contests/:id/unfreeze', rawBody, async (req, res) => {
    teacherOnly(res, 'unfreeze the board');
    const c = visible(res, String(req.params.id));
    await back(req, res, c, () => {
      if (windowOf(c).phase !== 'over') throw badRequest('The board can be unfrozen once the round is over.');
      unfreezeContest(db, c.id, now());
    });
  });

  router.get('/contests/:id/board', (req, res) => {
    const c = visible(res, String(req.params.id));
    const w = windowOf(c);
    if (!sees(res, c, 'problems')) throw badRequest('The round has not started yet.');
    const projector = req.query.projector === '1';
    const teacher = isTeacher(res);
    const resolvable = teacher && w.phase === 'over' && w.freezeAt !== null && !w.unfrozen;
    // The projector shows what the class may see (frozen during the freeze); after a frozen round the teacher's projector is the resolver.
    const resolver = projector && resolvable;
    const virtualView = boardView(req.query.view) === 'virtual' && virtualOf(res, c) !== undefined;
    const view = virtualView ? 'virtual' : projector ? 'frozen' : 'live';
    const board = boardFor(res, c, view);
    // The teacher's own board during a freeze shows every try: it says so, as the projector says it is the class's.
    const sight = projector ? (w.frozen ? 'class-frozen' : 'class') : teacher && w.frozen ? 'teacher-live' : null;
    res.render('contest-board', {
      title: c.name,
      nav: 'contests',
      scripts: resolver ? ['/static/api.js', '/static/contest-board.js', '/static/contest-resolver.js'] : ['/static/contest-board.js'],
      resolver,
      virtualView,
      boardUrl: `/api/contests/${c.id}/board${view === 'live' ? '' : `?view=${view}`}`,
      // Open boards keep asking (a 304 when nothing changed): new verdicts and rejudges show without a reload.
      live: !resolver,
      canResolve: !projector && resolvable,
      contest: summary(c),
      projector,
      sight,
      labels: c.problems.map((slug, i) => ({ label: labelOf(i), title: titleOf(res, slug) })),
      frozen: board.frozen,
      rows: board.rows,
    });
  });

  return router;
}

/** A message as the round's pages show it (views/partials/contest-message.hbs): its problem's letter and time. */
export function messageView(c: Contest, m: ContestMessage) {
  return { ...m, label: m.problem === null ? null : labelOf(c.problems.indexOf(m.problem)), at: when(m.createdAt) };
}

/** A cell on the round's page ("your status"): the board's own text and minutes; nothing drawn here. */
export function cellView(c: BoardCell | undefined): { text: string; minutes: number | null; state: string; first: boolean } {
  if (!c || c.state === 'none') return { text: '', minutes: null, state: 'none', first: false };
  return { text: c.text, minutes: c.minutes, state: c.state, first: c.first };
}
