/**
 * Contests over HTTP: the rounds (teacher), the board (JSON and CSV), the freeze and unfreeze,
 * questions and announcements, and virtual participation. Everyone goes through the same
 * accounts rules: a contest a student may not see answers like a missing one.
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import { computeBoard, labelOf, type Board, type BoardAttempt, type BoardPerson } from '../contests/board';
import type { Db } from '../storage/db';
import { listProblems } from '../storage/problems';
import {
  addAnnouncement,
  addQuestion,
  answerQuestion,
  contestPhase,
  endContestNow,
  endOf,
  findVirtual,
  getContest,
  insertContest,
  listContests,
  messagesFor,
  playedMinutes,
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
import { hiddenOf, holdAll } from './problem-hold-routes';
import { roundNews } from '../contests/round-news';

const MAX_PROBLEMS = 26;
export const MAX_MINUTES = 7 * 24 * 60;

const toolsSchema = z.object({ stress: z.boolean(), lab: z.boolean(), hints: z.boolean() }).partial();
const contestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  problems: z.array(z.string()).min(1).max(MAX_PROBLEMS),
  startsAt: z.union([z.string(), z.number()]),
  minutes: z.number().int().min(1).max(MAX_MINUTES),
  rules: z.enum(['icpc', 'practice']),
  freezeMinutes: z.number().int().min(0).max(MAX_MINUTES).optional(),
  tools: toolsSchema.optional(),
  participants: z.array(z.number().int().positive()).max(10_000).nullable().optional(),
});
export const textSchema = z.object({ text: z.string().trim().min(1).max(4000), problem: z.string().max(100).nullable().optional(), toAll: z.boolean().optional() });

function timeOf(raw: string | number): number {
  const ms = typeof raw === 'number' ? raw : Date.parse(raw);
  if (!Number.isFinite(ms) || ms < 0 || ms > 8.64e15) throw badRequest('The field "startsAt" must be a date and time (ISO 8601, e.g. 2026-03-06T18:00:00+08:00).');
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

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

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
    return may(viewer, 'read', { kind: 'contest', part, phase: contestPhase(c, now()), takesPart: takes, unfrozen: c.unfrozenAt !== null, ...message });
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
    if (freezeMinutes >= d.minutes) throw badRequest('The freeze must be shorter than the round.');
    const tools = { stress: true, lab: true, hints: true, ...base?.tools, ...d.tools };
    return {
      name: d.name,
      problems: d.problems,
      startsAt: timeOf(d.startsAt),
      minutes: d.minutes,
      rules: d.rules,
      freezeMinutes,
      tools,
      participants: d.participants ?? null,
    };
  };

  const present = (res: Response, c: Contest) => {
    const phase = contestPhase(c, now());
    const teacher = isTeacher(res);
    // Before the start a contestant sees no problems at all.
    const problems = sees(res, c, 'problems') ? c.problems.map((slug, i) => ({ label: labelOf(i), problem: slug })) : [];
    const virtual = findVirtual(db, c.id, ownerFor(res));
    return {
      id: c.id,
      name: c.name,
      startsAt: iso(c.startsAt),
      endsAt: iso(endOf(c)),
      minutes: c.minutes,
      rules: c.rules,
      freezeMinutes: c.freezeMinutes,
      tools: c.tools,
      phase,
      frozen: c.freezeMinutes > 0 && c.unfrozenAt === null && now() >= endOf(c) - c.freezeMinutes * 60_000,
      unfrozen: c.unfrozenAt !== null,
      problems,
      ...(teacher ? { participants: c.participants } : {}),
      ...(virtual ? { virtual: { startedAt: iso(virtual.startedAt), endsAt: iso(virtual.startedAt + playedMinutes(c) * 60_000) } } : {}),
    };
  };

  /**
   * The board this person sees: live for the teacher, frozen for the others, or their virtual board;
   * `asContestant`: the board as the contestants see it, whoever asks (the teacher's resolver).
   */
  const boardFor = (res: Response, c: Contest, virtualView: boolean, asContestant = false): Board => {
    const round = { problems: c.problems, rules: c.rules, minutes: playedMinutes(c), freezeMinutes: c.freezeMinutes };
    const seeThroughFreeze = asContestant ? c.unfrozenAt !== null : sees(res, c, 'liveBoard');
    const people: BoardPerson[] = realPeople(db, c);
    const attempts: BoardAttempt[] = realAttempts(db, c);
    const v = virtualView ? findVirtual(db, c.id, ownerFor(res)) : undefined;
    if (v) {
      const entry = virtualEntry(db, v);
      // The real contestants as they stood at the virtual contestant's elapsed minute.
      return computeBoard(round, [...people, entry.person], [...attempts, ...entry.attempts], { elapsedMs: now() - v.startedAt, seeThroughFreeze });
    }
    return computeBoard(round, people, attempts, { elapsedMs: Math.min(now(), endOf(c)) - c.startsAt, seeThroughFreeze });
  };

  /**
   * A contestant's question, by the same rules from the API and the form: before the start a
   * question names no problem (so the answer cannot tell which problems the round has), and one
   * person asks at most MAX_QUESTIONS in a round (429, counted before anything is stored).
   */
  const ask = (res: Response, c: Contest, problem: string | null, text: string): number => {
    const teacher = isTeacher(res);
    if (problem !== null && !teacher && contestPhase(c, now()) === 'before') throw badRequest(said('round.question-problem-before'));
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

  return { teacherOnly, sees, visible, messagesOf, parseInput, present, boardFor, ask, answer, announce };
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
    const id = db.transaction(() => {
      const made = insertContest(db, input, ownerFor(res), now());
      holdAll(db, made, hidden, now());
      return made;
    })();
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
    const phase = contestPhase(c, now());
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
    if (contestPhase(c, now()) !== 'running') throw badRequest('Only a running contest can be ended.');
    endContestNow(db, c.id, now());
    res.json(present(res, getContest(db, c.id)!));
  });

  router.post('/api/contests/:id/unfreeze', (req, res) => {
    teacherOnly(res, 'unfreeze the board');
    const c = visible(res, req.params.id);
    if (contestPhase(c, now()) !== 'over') throw badRequest('The board can be unfrozen once the round is over.');
    unfreezeContest(db, c.id, now());
    res.json(present(res, getContest(db, c.id)!));
  });

  router.get('/api/contests/:id/board', (req, res) => {
    const c = visible(res, req.params.id);
    // The board names the problems: it waits for the start as they do.
    if (!sees(res, c, 'problems')) throw badRequest('The round has not started yet.');
    res.json(boardFor(res, c, req.query.view === 'virtual', req.query.view === 'frozen'));
  });

  router.get('/contests/:id/board.csv', (req, res) => {
    const c = visible(res, req.params.id);
    const board = boardFor(res, c, false);
    const header = ['rank', 'name', 'solved', 'penalty', ...c.problems.map((_, i) => labelOf(i))];
    const lines = [header, ...board.rows.map((r) => [r.rank, r.displayName, r.solved, r.penalty, ...r.cells.map(cellCsv)])];
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
    if (contestPhase(c, now()) !== 'over') throw badRequest('A virtual round can start once the real round is over.');
    const v = startVirtual(db, c.id, ownerFor(res), now());
    res.status(201).json({ id: v.id, startedAt: iso(v.startedAt), endsAt: iso(v.startedAt + playedMinutes(c) * 60_000) });
  });

  return router;
}

function cellCsv(c: Board['rows'][number]['cells'][number]): string {
  if (c.state === 'solved') return `AC ${c.minutes} min, ${c.tries} ${c.tries === 1 ? 'try' : 'tries'}${c.first ? ', first' : ''}`;
  if (c.state === 'rejected') return `no, ${c.tries} ${c.tries === 1 ? 'try' : 'tries'}`;
  if (c.state === 'pending') return `? ${c.tries} ${c.tries === 1 ? 'try' : 'tries'}`;
  return '';
}

/** Quoted when needed; a cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
