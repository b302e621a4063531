/**
 * A round's news, live: the topic `round:ID` of a page's one event stream (live.ts, capped per
 * person like every stream) carries each question, answer and announcement to every open round and
 * problem page of that round as it is stored, as the message's `<li>` in the page's language
 * (views/partials/contest-message.hbs, the same markup the page draws). Each viewer gets only what
 * policy.ts lets them read: an announcement or an answer to everyone; their own question and its
 * answer; the teacher every question, with the asker's name and the answer form.
 */
import express, { type Request, type Response } from 'express';
import type { Db } from '../storage/db';
import { messageById } from '../storage/contest-questions';
import { roundNews } from '../contests/round-news';
import type { LiveTopics, TopicStream } from './live';
import { contestCore } from './contest-routes';
import { messageView } from './contest-pages';
import { isTeacher } from './auth/viewer';

export function roundLive(db: Db, topics: LiveTopics, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const { visible, messagesOf } = contestCore(db, now);

  topics.register('round', (_req: Request, res: Response, arg: string) => {
    // A round this person may not see answers as a missing one, before the stream opens.
    const c = visible(res, arg);
    return (stream: TopicStream) =>
      roundNews.subscribe(c.id, (id) => {
        const m = messageById(db, c.id, id);
        const shown = m && messagesOf(res, c, [m])[0];
        if (!shown) return;
        res.render('contest-message', { layout: false, message: messageView(c, shown), teacher: isTeacher(res), contest: { id: c.id } }, (err: Error | null, html: string) => {
          if (!err) stream.send('message', { id: shown.id, html });
        });
      });
  });

  // The one-topic address, as /sets/:id/events is for a set.
  router.get('/contests/:id/events', (req, res) => {
    visible(res, String(req.params.id));
    topics.serve(req, res, [`round:${String(req.params.id)}`]);
  });

  return router;
}
