import type express from 'express';
import type { Verdict } from '../judge/verdicts';
import type { ProgressEvent, SubmissionEvents } from '../queue/events';
import type { Db } from '../storage/db';
import { getSubmissionSummary, listSubmissionTests, type SubmissionSummary } from '../storage/submissions';
import { notFound } from './errors';
import { statusClass, statusSaid, verdictClass } from './present';
import { said, sayIn } from '../text/messages';
import type { Lang } from './statements';
import { guardedRouter, loadedId } from './policy';

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events for one submission page: first the state so far (status and every finished
 * test), then each change as the judge reports it, ending with `done`. Events carry the words and
 * CSS class to show, so the page script stays a few lines.
 */
export function liveUpdates(db: Db, events: SubmissionEvents): express.Router {
  const router = guardedRouter(db, { malformed: 404 });

  router.get('/submissions/:submission/events', (req, res) => {
    const id = loadedId(res, 'submission');
    const first = getSubmissionSummary(db, id);
    if (!first) throw notFound(said('error.no-submission', id));

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    req.socket.setNoDelay(true);
    const lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const send = (event: string, data: unknown): void => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      res.end();
    };
    // Subscribe before reading the snapshot, so nothing falls between them (the page ignores repeats).
    const unsubscribe = events.subscribe(id, (e) => {
      if (closed) return;
      relay(e, id);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.on('close', close);

    const relay = (e: ProgressEvent, subId: number): void => {
      if (e.type === 'test') {
        send('test', { ...e.test, verdictText: verdictWords(e.test.verdict, lang), verdictClass: verdictClass(e.test.verdict) });
        return;
      }
      const now = getSubmissionSummary(db, subId);
      if (!now) return close();
      send('status', statusPayload(now, lang));
      if (now.status === 'done') {
        send('done', statusPayload(now, lang));
        close();
      }
    };

    send('status', statusPayload(first, lang));
    for (const t of listSubmissionTests(db, id)) {
      send('test', {
        index: t.idx,
        verdict: t.verdict,
        timeMs: t.timeMs,
        memoryKb: t.memoryKb,
        verdictText: verdictWords(t.verdict, lang),
        verdictClass: verdictClass(t.verdict),
      });
    }
    if (first.status === 'done') {
      send('done', statusPayload(first, lang));
      close();
    }
  });

  return router;
}

/** A test's verdict name in the page's language. */
const verdictWords = (v: Verdict, lang: Lang): string => sayIn(said(`verdict.${v}`), lang);

function statusPayload(s: SubmissionSummary, lang: Lang): { status: string; text: string; className: string; timeMs: number | null; memoryKb: number | null } {
  return { status: s.status, text: sayIn(statusSaid(s), lang), className: statusClass(s), timeMs: s.timeMs, memoryKb: s.memoryKb };
}
