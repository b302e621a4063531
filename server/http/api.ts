import express, { type Request, type Response } from 'express';
import { verdictHistory } from '../rejudge/store';
import type { Db } from '../storage/db';
import { getProblem, listProblems, listSamples } from '../storage/problems';
import { clientKey } from './client-key';
import { checkPersonCap } from './person-cap';
import { getSubmission, insertSubmission, listSubmissions, listSubmissionTests } from '../storage/submissions';
import { parseJsonBody, rawBody } from './body';
import { badRequest, notFound } from './errors';
import { isoTimestamp } from './present';
import { checkSubmission, describeSchemaError, submissionSchema } from './submission-input';
import { bodyLanguage } from './language-field';
import { parseCount, parseSubmissionFilter } from './submission-query';
import { SLUG_PATTERN } from '../problems/registry';
import { catalogEntry, inLearningOrder } from '../../problems/catalog';
import { ownerFor, scopeOf, showsAuthors } from './auth/viewer';
import { guardedRouter, loadedId } from './policy';
import { said } from '../text/messages';

export interface ApiDeps {
  db: Db;
  /** Wakes the judge after a submission is stored. */
  onSubmitted: (id: number) => void;
}

/**
 * The JSON API, a contract other tools rely on: field names and status codes as documented, and
 * every error as `{"error": "a sentence"}` (written by the error handler).
 */
export function apiRouter({ db, onSubmitted }: ApiDeps): express.Router {
  const api = guardedRouter(db);

  api.get('/problems', (_req, res) => {
    res.json(
      inLearningOrder(listProblems(db)).map((p) => ({
        slug: p.slug,
        title: { en: p.titleEn, zh: p.titleZh },
        source: p.source,
        limits: { timeMs: p.timeLimitMs, memoryMb: p.memoryLimitMb },
        difficulty: catalogEntry(p.slug).difficulty,
        tags: catalogEntry(p.slug).tags,
      })),
    );
  });

  api.get('/problems/:slug', (req, res) => {
    const slug = req.params.slug;
    const p = SLUG_PATTERN.test(slug) ? getProblem(db, slug) : undefined;
    if (!p) throw notFound(said('error.no-problem', slug.slice(0, 60)));
    res.json({
      slug: p.slug,
      title: { en: p.titleEn, zh: p.titleZh },
      source: p.source,
      limits: { timeMs: p.timeLimitMs, memoryMb: p.memoryLimitMb },
      difficulty: catalogEntry(p.slug).difficulty,
      tags: catalogEntry(p.slug).tags,
      statement: { en: p.statementEn, zh: p.statementZh },
      samples: listSamples(db, p.slug),
    });
  });

  api.post('/submissions', rawBody, (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    const parsed = submissionSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeSchemaError(parsed.error, body));
    const language = bodyLanguage(body);
    const problem = checkSubmission(db, parsed.data.problem, parsed.data.source);
    // Stored (committed) before the answer: a 201 means the submission will be judged.
    checkPersonCap(db, 'submission', req, res);
    const id = insertSubmission(db, problem, parsed.data.source, language, clientKey(req), ownerFor(res));
    onSubmitted(id);
    res.status(201).location(`/api/submissions/${id}`).json({ id });
  });

  api.get('/submissions', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const filter = { ...parseSubmissionFilter(db, { problem: query.problem, verdict: query.verdict }), owner: scopeOf(res) };
    const authors = showsAuthors(res);
    const limit = parseCount(query, 'limit', 1000, 1, 1000);
    const offset = parseCount(query, 'offset', 0, 0, 1e9);
    res.json(
      listSubmissions(db, filter, limit, offset).map((s) => ({
        id: s.id,
        problem: s.problem,
        status: s.status,
        verdict: s.verdict,
        failedTest: s.failedTest,
        timeMs: s.timeMs,
        memoryKb: s.memoryKb,
        createdAt: isoTimestamp(s.createdAt),
        ...(authors ? { author: s.ownerName, authorDisplayName: s.ownerDisplay } : {}),
      })),
    );
  });

  api.get('/submissions/:submission', (_req, res) => {
    const id = loadedId(res, 'submission');
    const s = getSubmission(db, id);
    if (!s) throw notFound(said('error.no-submission', id));
    res.json({
      ...(showsAuthors(res) ? { author: s.ownerName, authorDisplayName: s.ownerDisplay } : {}),
      id: s.id,
      problem: s.problem,
      language: s.language,
      status: s.status,
      verdict: s.verdict,
      tests: listSubmissionTests(db, id).map((t) => ({ index: t.idx, verdict: t.verdict, timeMs: t.timeMs, memoryKb: t.memoryKb })),
      compileOutput: s.compileOutput,
      // The program came from the compile cache: the same source was compiled before (docs/languages.md).
      compileCached: s.compileCached === 1,
      failedTest: s.failedTest,
      timeMs: s.timeMs,
      memoryKb: s.memoryKb,
      createdAt: isoTimestamp(s.createdAt),
      finishedAt: isoTimestamp(s.finishedAt),
      contest: s.contest,
      // Each rejudge that judged it again: the verdict before and after (the old one is kept here).
      rejudged: verdictHistory(db, id).map((h) => ({ rejudge: h.rejudge, before: h.before, after: h.after, at: isoTimestamp(h.at) })),
    });
  });

  return api;
}
