/**
 * Contests over HTTP: the rounds (teacher), the board (JSON and CSV), the freeze and unfreeze,
 * questions and announcements, and virtual participation. Everyone goes through the same
 * accounts rules: a contest a student may not see answers like a missing one.
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import { computeBoard, labelOf, resolverSteps, type Board, type BoardCell, type BoardPerson, type ResolverStep } from '../contests/board';
import { roundWindow, virtualWindow, type Window } from '../rules/window';
import { RULES } from '../rules/round-rules';
import { prepared, type Db } from '../storage/db';
import { listProblems } from '../storage/problems';
import { judgedCount } from '../storage/standings';
import {
  addAnnouncement,
  addQuestion,
  answerQuestion,
  endContestNow,
  findVirtual,
  getContest,
  insertContest,
  listContests,
  messagesFor,
  realAttempts,
  realPeople,
  setContestMinutes,
  startVirtual,
  takesPart,
  unfreezeContest,
  updateContest,
  virtualEntry,
  type Contest,
  type ContestInput,
  type ContestMessage,
} from '../storage/contests';
import { parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { said } from '../text/messages';
import { isTeacher, ownerFor, viewerOf } from './auth/viewer';
import { may, type ContestPart } from './policy';
import { questionsAskedBy } from '../storage/contest-questions';
import { hiddenOf, insertRoundHolding } from './problem-hold-routes';
import { roundNews } from '../contests/round-news';

const MAX_PROBLEMS = 26;
/** This process's start: a board's ETag from before a restart never matches. */
const BOOT = Date.now().toString(36);
export const MAX_MINUTES = 7 * 24 * 60;

const toolsSchema = z.object({ stress: z.boolean(), lab: z.boolean(), hints: z.boolean() }).partial();
const contestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  problems: z.array(z.string()).min(1).max(MAX_PROBLEMS),
  startsAt: z.union([z.string().max(100), z.number()]),
  minutes: z.number().int().min(1).max(MAX_MINUTES),
  rules: z.enum(['icpc', 'practice']),
  freezeMinutes: z.number().int().min(0).max(MAX_MINUTES).optional(),
  tools: toolsSchema.optional(),
  participants: z.array(z.number().int().positive()).max(10_000).nullable().optional(),
});
export const textSchema = z.object({ text: z.string().trim().min(1).max(4000), problem: z.string().max(100).nullable().optional(), toAll: z.boolean().optional() });

/**
 * The latest start a round may have: the end of the year 9999, less the longest round, so its end,
 * its freeze and every virtual round of it stay dates every reader can print.
 */
export const LAST_START = Date.UTC(9999, 11, 31, 23, 59) - MAX_MINUTES * 60_000;

function timeOf(raw: string | number): number {
  const ms = typeof raw === 'number' ? raw : Date.parse(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_START) {
    throw badRequest('The field "startsAt" must be a date and time between 1970 and 9999 (ISO 8601, e.g. 2026-03-06T18:00:00+08:00, or whole milliseconds since 1970).');
  }
  return ms;
}

export function firstIssue(error: z.ZodError): string {
  const field = String(error.issues[0]?.path[0] ?? 'body');
  if (field === 'problems') return `The field "problems" must list 1 to ${MAX_PROBLEMS} problem slugs.`;
  if (field === 'rules') return 'The field "rules" must be "icpc" or "practice".';
  if (field === 'minutes' || field === 'freezeMinutes') return `The field "${field}" must be a whole number of minutes up to ${MAX_MINUTES}.`;
  if (field === 'text') return 'The field "text" must be 1 to 4000 characters.';
  return `The field "${field}" is missing or malformed.`;
}

/** An ISO time; a stored time no date can hold (a row from before the bound) is null, never a thrown RangeError. */
export const iso = (ms: number | null): string | null => {
  const d = ms === null ? null : new Date(ms);
  return d === null || Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** The viewer's own row key on a board (realPeople's keys); undefined for a teacher, who sees every try anyway. */
const selfKey = (res: Response): string | undefined => {
  const v = viewerOf(res);
  return v.kind === 'account' ? String(v.id) : undefined;
};

export type BoardView = 'live' | 'virtual' | 'frozen';

/** A board as the JSON sends it: with the resolver's steps when the teacher opens the frozen view after the round. */
export type SentBoard = Board & { resolver?: ResolverStep[] };

/** What the JSON routes and the pages share: who may see a round, the input rules, the views. */
export function contestCore(db: Db, now: () => number = Date.now) {

  const teacherOnly = (res: Response, what: string): void => {
    if (!isTeacher(res)) throw new HttpError(403, `Only a teacher can ${what}.`);
  };

  /** Whether this person may see this part of the round (the rule is policy.ts's). */
  const sees = (res: Response, c: Contest, part: ContestPart, message?: { owner: number | null; toAll: boolean }): boolean => {
    const viewer = viewerOf(res);
    // Teachers (and local mode) see everything: no participation lookup for them.
    const takes = viewer.kind === 'account' && viewer.role !== 'teacher' && part === 'round' ? takesPart(db, c, viewer.id) : false;
    return may(viewer, 'read', { kind: 'contest', part, phase: roundWindow(c, now()).phase, takesPart: takes, unfrozen: c.unfrozenAt !== null, ...message });
  };

  /** A contest this person may see, or the same 404 as a missing one. */
  const visible = (res: Response, raw: string): Contest => {
    const c = /^[1-9]\d{0,15}$/.test(raw) ? getContest(db, Number(raw)) : undefined;
    if (!c || !sees(res, c, 'round')) throw notFound(said('error.no-contest', raw.slice(0, 20)));
    return c;
  };

  /** The round's questions and announcements this person may read, without authors unless they may see them. */
  const messagesOf = (res: Response, c: Contest, list: ContestMessage[] = messagesFor(db, c.id)) =>
    list
      .filter((m) => sees(res, c, 'message', { owner: m.author, toAll: m.kind === 'announcement' || m.toAll }))
      .map((m) => (sees(res, c, 'messageAuthor') ? m : { ...m, author: null, authorName: null }));

  const parseInput = (body: unknown, base?: Contest): ContestInput => {
    const parsed = contestSchema.safeParse(body);
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    const d = parsed.data;
    const known = new Set(listProblems(db).map((p) => p.slug));
    const unknown = d.problems.find((p) => !known.has(p));
    if (unknown !== undefined) throw badRequest(said('error.no-problem', unknown.slice(0, 60)));
    if (new Set(d.problems).size !== d.problems.length) throw badRequest('A contest lists each problem once.');
    const freezeMinutes = d.freezeMinutes ?? 0;
    // Checked before anything reads the start as a date.
    const startsAt = timeOf(d.startsAt);
    if (freezeMinutes >= d.minutes) throw badRequest('The freeze must be shorter than the round.');
    const tools = { stress: true, lab: true, hints: true, ...base?.tools, ...d.tools };
    return {
      name: d.name,
      problems: d.problems,
      startsAt,
      minutes: d.minutes,
      rules: d.rules,
      freezeMinutes,
      tools,
      participants: d.participants ?? null,
    };
  };

  /** The round's window now; a virtual round's, of this person's own virtual round. */
  const windowOf = (c: Contest): Window => roundWindow(c, now());
  const virtualOf = (res: Response, c: Contest) => {
    const v = findVirtual(db, c.id, ownerFor(res));
    return v && { v, window: virtualWindow(c, v.startedAt, now()) };
  };

  const present = (res: Response, c: Contest) => {
    const w = windowOf(c);
    const teacher = isTeacher(res);
    // Before the start a contestant sees no problems at all.
    const problems = sees(res, c, 'problems') ? c.problems.map((slug, i) => ({ label: labelOf(i), problem: slug })) : [];
    const virtual = virtualOf(res, c);
    return {
      id: c.id,
      name: c.name,
      startsAt: iso(c.startsAt),
      endsAt: iso(w.endsAt),
      minutes: c.minutes,
      rules: c.rules,
      freezeMinutes: c.freezeMinutes,
      freezeAt: iso(w.freezeAt),
      tools: c.tools,
      phase: w.phase,
      frozen: w.frozen,
      unfrozen: w.unfrozen,
      problems,
      ...(teacher ? { participants: c.participants } : {}),
      ...(virtual ? { virtual: { startedAt: iso(virtual.v.startedAt), endsAt: iso(virtual.window.endsAt), phase: virtual.window.phase, freezeAt: iso(virtual.window.freezeAt) } } : {}),
    };
  };

  /**
   * The board this person sees: live for the teacher, frozen for the others (their own tries never
   * hidden from them), or their virtual board; `frozen`: the board as the class sees it, whoever asks
   * (the projector and the resolver), with the resolver's steps for the teacher once the round is over.
   */
  const boardFor = (res: Response, c: Contest, view: BoardView): SentBoard => {
    const w = windowOf(c);
    const v = view === 'virtual' ? virtualOf(res, c) : undefined;
    const own = v?.window ?? w;
    const start = own.countsFrom ?? c.startsAt;
    const round = { problems: c.problems, rules: c.rules, lengthMs: (w.endsAt ?? c.startsAt) - c.startsAt, freezeMs: w.freezeAt === null ? null : w.freezeAt - c.startsAt };
    const asClass = view === 'frozen';
    // Who sees through the freeze: the rules table's, then the policy's (the teacher; everyone once unfrozen).
    const seeThroughFreeze = asClass ? w.unfrozen : RULES[c.rules].liveBoard === 'everyone' || sees(res, c, 'liveBoard');
    const people: BoardPerson[] = realPeople(db, c);
    const attempts = realAttempts(db, c);
    if (v) {
      const entry = virtualEntry(db, v.v);
      // The real contestants as they stood at the virtual contestant's elapsed minute.
      return computeBoard(round, [...people, entry.person], [...attempts, ...entry.attempts], { elapsedMs: now() - start, seeThroughFreeze, self: entry.person.key });
    }
    const at = { elapsedMs: Math.min(now(), w.endsAt ?? now()) - c.startsAt, seeThroughFreeze };
    if (!asClass) return computeBoard(round, people, attempts, { ...at, self: selfKey(res) });
    const board: SentBoard = computeBoard(round, people, attempts, at);
    if (isTeacher(res) && w.phase === 'over' && w.freezeAt !== null && !w.unfrozen) {
      board.resolver = resolverSteps(c.rules, board, computeBoard(round, people, attempts, { ...at, seeThroughFreeze: true }));
    }
    return board;
  };

  /**
   * A contestant's question, by the same rules from the API and the form: before the start a
   * question names no problem (so the answer cannot tell which problems the round has), and one
   * person asks at most MAX_QUESTIONS in a round (429, counted before anything is stored).
   */
  const ask = (res: Response, c: Contest, problem: string | null, text: string): number => {
    const teacher = isTeacher(res);
    if (problem !== null && !teacher && windowOf(c).phase === 'before') throw badRequest(said('round.question-problem-before'));
    if (problem !== null && !c.problems.includes(problem)) throw badRequest(`The problem "${problem.slice(0, 60)}" is not in this contest.`);
    if (!teacher && questionsAskedBy(db, c.id, ownerFor(res)) >= MAX_QUESTIONS) throw new HttpError(429, said('round.question-cap', MAX_QUESTIONS));
    const id = addQuestion(db, c.id, ownerFor(res), problem, text, now());
    roundNews.publish(c.id, id);
    return id;
  };

  /** The teacher's answer (to the asker, or to everyone), pushed to every open page of the round; false: no such question. */
  const answer = (res: Response, c: Contest, qid: number, text: string, toAll: boolean): boolean => {
    if (!answerQuestion(db, c.id, qid, ownerFor(res), text, toAll, now())) return false;
    roundNews.publish(c.id, qid);
    return true;
  };

  /** An announcement to every contestant, pushed to every open page of the round. */
  const announce = (res: Response, c: Contest, text: string): number => {
    const id = addAnnouncement(db, c.id, ownerFor(res), text, now());
    roundNews.publish(c.id, id);
    return id;
  };

  return { teacherOnly, sees, visible, messagesOf, parseInput, present, boardFor, windowOf, virtualOf, ask, answer, announce };
}

/** Questions one person may ask in one round: enough for any honest round, not a flood of the teacher's page. */
export const MAX_QUESTIONS = 20;

export function contestRoutes(db: Db, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const { teacherOnly, sees, visible, messagesOf, parseInput, present, boardFor, ask, answer, announce } = contestCore(db, now);

  router.post('/api/contests', rawBody, (req, res) => {
    teacherOnly(res, 'make a contest');
    const body = parseJsonBody(req.body);
    const input = parseInput(body);
    // Contest-only problems: held for the round from the moment it is made.
    const hidden = hiddenOf(body, input.problems);
    const id = insertRoundHolding(db, input, hidden, ownerFor(res), now());
    res.status(201).json({ id });
  });

  router.get('/api/contests', (_req, res) => {
    const all = listContests(db).filter((c) => sees(res, c, 'round'));
    res.json({ contests: all.map((c) => present(res, c)) });
  });

  router.get('/api/contests/:id', (req, res) => {
    res.json(present(res, visible(res, req.params.id)));
  });

  router.patch('/api/contests/:id', rawBody, (req, res) => {
    teacherOnly(res, 'change a contest');
    const c = visible(res, req.params.id);
    const phase = roundWindow(c, now()).phase;
    if (phase === 'over') throw badRequest('This contest is over; it can no longer be changed.');
    const body = parseJsonBody(req.body);
    if (phase === 'running') {
      // During the round only the length may grow; anything else would change the rules mid-game.
      const parsed = z.object({ minutes: z.number().int().min(1).max(MAX_MINUTES) }).strict().safeParse(body);
      if (!parsed.success) throw badRequest('During the round only "minutes" may be changed, and only to extend the round.');
      if (parsed.data.minutes < c.minutes) throw badRequest('During the round the length may only be extended.');
      setContestMinutes(db, c.id, parsed.data.minutes);
    } else {
      const merged = { name: c.name, problems: c.problems, startsAt: c.startsAt, minutes: c.minutes, rules: c.rules, freezeMinutes: c.freezeMinutes, participants: c.participants, ...(body as object) };
      updateContest(db, c.id, parseInput(merged, c));
    }
    res.json(present(res, getContest(db, c.id)!));
  });

  router.post('/api/contests/:id/end', (req, res) => {
    teacherOnly(res, 'end a contest');
    const c = visible(res, req.params.id);
    if (roundWindow(c, now()).phase !== 'running') throw badRequest('Only a running contest can be ended.');
    endContestNow(db, c.id, now());
    res.json(present(res, getContest(db, c.id)!));
  });

  router.post('/api/contests/:id/unfreeze', (req, res) => {
    teacherOnly(res, 'unfreeze the board');
    const c = visible(res, req.params.id);
    if (roundWindow(c, now()).phase !== 'over') throw badRequest('The board can be unfrozen once the round is over.');
    unfreezeContest(db, c.id, now());
    res.json(present(res, getContest(db, c.id)!));
  });

  router.get('/api/contests/:id/board', (req, res) => {
    const c = visible(res, req.params.id);
    // The board names the problems: it waits for the start as they do.
    if (!sees(res, c, 'problems')) throw badRequest('The round has not started yet.');
    const view = boardView(req.query.view);
    // A real round's board changes only when a result is stored (this connection's count, or another
    // connection's write: data_version), the round is changed, or the freeze or the end passes: an
    // open board asking every few seconds is answered 304 without ranking anything meanwhile. A
    // virtual board moves with the viewer's own clock: always computed.
    if (view !== 'virtual') {
      const w = roundWindow(c, now());
      const viewer = viewerOf(res);
      // The accounts' count, newest id and removals: a student added or removed is a row more or less.
      const people = (prepared(db, "SELECT COUNT(*) || '.' || IFNULL(MAX(id), 0) || '.' || COUNT(removed_at) AS v FROM accounts").get() as { v: string }).v;
      const tag = `"b${BOOT}-${judgedCount(db)}-${db.pragma('data_version', { simple: true }) as number}-${people}-${c.minutes}-${c.endedAt ?? ''}-${c.unfrozenAt ?? ''}-${w.phase}-${w.frozen}-${view}-${viewer.kind === 'account' ? viewer.id : 'local'}"`;
      res.setHeader('ETag', tag);
      res.setHeader('Cache-Control', 'no-cache');
      if (req.get('if-none-match') === tag) {
        res.status(304).end();
        return;
      }
    }
    res.json(boardFor(res, c, view));
  });

  router.get('/contests/:id/board.csv', (req, res) => {
    const c = visible(res, req.params.id);
    // The CSV names the problems and the contestants: it waits for the start as the board does.
    if (!sees(res, c, 'problems')) throw badRequest('The round has not started yet.');
    const board = boardFor(res, c, 'live');
    const header = ['rank', 'name', 'solved', 'penalty', ...c.problems.flatMap((_, i) => [labelOf(i), `${labelOf(i)} (tries)`, `${labelOf(i)} (minutes)`])];
    const lines = [header, ...board.rows.map((r) => [r.rank, r.displayName, r.solved, r.penalty, ...r.cells.flatMap(cellCsv)])];
    res
      .attachment(`contest-${c.id}-board.csv`)
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`);
  });

  router.post('/api/contests/:id/questions', rawBody, (req, res) => {
    const c = visible(res, req.params.id);
    const parsed = textSchema.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    res.status(201).json({ id: ask(res, c, parsed.data.problem ?? null, parsed.data.text) });
  });

  router.post('/api/contests/:id/questions/:qid/answer', rawBody, (req, res) => {
    teacherOnly(res, 'answer a question');
    const c = visible(res, req.params.id);
    const parsed = textSchema.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    const qid = /^[1-9]\d{0,15}$/.test(req.params.qid) ? Number(req.params.qid) : 0;
    if (!answer(res, c, qid, parsed.data.text, parsed.data.toAll === true)) throw notFound(`There is no question ${req.params.qid.slice(0, 20)} in this contest.`);
    res.json({ id: qid });
  });

  router.post('/api/contests/:id/announcements', rawBody, (req, res) => {
    teacherOnly(res, 'announce');
    const c = visible(res, req.params.id);
    const parsed = textSchema.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    res.status(201).json({ id: announce(res, c, parsed.data.text) });
  });

  router.get('/api/contests/:id/messages', (req, res) => {
    const c = visible(res, req.params.id);
    const list = messagesOf(res, c);
    res.json({
      messages: list.map((m) => ({ ...m, createdAt: iso(m.createdAt), answeredAt: iso(m.answeredAt) })),
    });
  });

  router.post('/api/contests/:id/virtual', (req, res) => {
    const c = visible(res, req.params.id);
    if (roundWindow(c, now()).phase !== 'over') throw badRequest('A virtual round can start once the real round is over.');
    const v = startVirtual(db, c.id, ownerFor(res), now());
    res.status(201).json({ id: v.id, startedAt: iso(v.startedAt), endsAt: iso(virtualWindow(c, v.startedAt, now()).endsAt) });
  });

  return router;
}

/** The board's query `view`: live (the default), virtual, or frozen (as the class sees it). */
export function boardView(raw: unknown): BoardView {
  return raw === 'virtual' || raw === 'frozen' ? raw : 'live';
}

/** A cell's columns: the rules table's text (as on the page, "★" for the first solver), its rejected tries and minutes. */
function cellCsv(c: BoardCell): (string | number)[] {
  if (c.state === 'none') return ['', '', ''];
  return [`${c.first ? '★' : ''}${c.text}`, c.tries, c.minutes ?? ''];
}

/** Quoted when needed; a cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
