import type express from 'express';
import type { Request, Response } from 'express';
import type { Verdict } from '../judge/verdicts';
import type { SubmissionEvents } from '../queue/events';
import type { Db } from '../storage/db';
import { getSubmissionSummary, listSubmissionTests, type SubmissionSummary } from '../storage/submissions';
import { viewerOf } from './auth/viewer';
import { notFound } from './errors';
import type { LiveTopics, TopicStream } from './live';
import { statusClass, statusSaid, verdictClass } from './present';
import { said, sayIn } from '../text/messages';
import type { Lang } from './statements';
import { guardedRouter, loadedId, may } from './policy';

/**
 * The topic `submission:ID` of a page's stream (live.ts): first the state so far (status and every
 * finished test), then each change as the judge reports it, ending with `done`. Events carry the
 * words and CSS class to show, so the page script stays a few lines. `GET /submissions/:id/events`
 * is the same topic alone.
 */
export function submissionEvents(db: Db, events: SubmissionEvents, topics: LiveTopics): express.Router {
  const open = (res: Response, id: number) => {
    const first = getSubmissionSummary(db, id);
    if (!first || !may(viewerOf(res), 'read', { kind: 'submission', owner: first.owner })) throw notFound(said('error.no-submission', id));
    const lang: Lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    return (stream: TopicStream): (() => void) => {
      const relay = (): void => {
        const now = getSubmissionSummary(db, id);
        if (!now) return stream.end();
        stream.send('status', statusPayload(now, lang));
        if (now.status === 'done') {
          stream.send('done', statusPayload(now, lang));
          stream.end();
        }
      };
      // Subscribe before reading the snapshot, so nothing falls between them (the page ignores repeats).
      const unsubscribe = events.subscribe(id, (e) => {
        if (e.type === 'test') stream.send('test', { ...e.test, verdictText: verdictWords(e.test.verdict, lang), verdictClass: verdictClass(e.test.verdict) });
        else relay();
      });
      stream.send('status', statusPayload(first, lang));
      for (const t of listSubmissionTests(db, id)) {
        stream.send('test', { index: t.idx, verdict: t.verdict, timeMs: t.timeMs, memoryKb: t.memoryKb, verdictText: verdictWords(t.verdict, lang), verdictClass: verdictClass(t.verdict) });
      }
      if (first.status === 'done') {
        stream.send('done', statusPayload(first, lang));
        stream.end();
      }
      return unsubscribe;
    };
  };
  topics.register('submission', (_req: Request, res: Response, arg: string) => {
    if (!/^[1-9]\d{0,15}$/.test(arg)) throw notFound(said('error.no-submission', arg.slice(0, 20)));
    return open(res, Number(arg));
  });

  const router = guardedRouter(db, { malformed: 404 });
  router.get('/submissions/:submission/events', (req, res) => topics.serve(req, res, [`submission:${loadedId(res, 'submission')}`]));
  return router;
}

/** A test's verdict name in the page's language. */
const verdictWords = (v: Verdict, lang: Lang): string => sayIn(said(`verdict.${v}`), lang);

function statusPayload(s: SubmissionSummary, lang: Lang): { status: string; text: string; className: string; timeMs: number | null; memoryKb: number | null } {
  return { status: s.status, text: sayIn(statusSaid(s), lang), className: statusClass(s), timeMs: s.timeMs, memoryKb: s.memoryKb };
}
