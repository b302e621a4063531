/**
 * Server-sent event streams, every one of them: each costs a descriptor and a heartbeat timer for
 * as long as the client keeps it, so each is counted against its person before its headers are
 * written (per account; per address before login or without accounts), answered 429 with a
 * sentence past the cap, and given back when it closes. A page opens one stream (`GET /live`,
 * public/live.js) carrying every topic it follows (a submission's judging, a standings table, a
 * round's news); the older one-topic addresses (`/submissions/:id/events`, `/sets/:id/events`,
 * `/class/events`) are the same streams with one topic. A route that streams calls
 * `openEventStream`, or serves topics through `LiveTopics`, and so is capped too.
 */
import express, { type Request, type Response } from 'express';
import { viewerOf } from './auth/viewer';
import { clientKey } from './client-key';
import { badRequest, HttpError } from './errors';
import { said } from '../text/messages';

/**
 * Streams one person may hold at once. An account: 16 (a student or teacher with a tab per page;
 * a browser holds only 6 connections per host over HTTP/1.1, so a seventh tab's stream waits
 * anyway). An address without a login (the laptop's single user on loopback with many tabs, or a
 * small class behind one NAT address without accounts): 64. All people together: 2,000, far below
 * the process's descriptors.
 */
export const STREAM_CAPS = { account: 16, address: 64, total: 2_000 } as const;
/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** Topics one stream may carry. */
export const MAX_TOPICS = 8;

/** Streams held now, per person and in all. Process-wide, like the descriptors they stand for. */
class StreamSlots {
  private readonly held = new Map<string, number>();
  private all = 0;

  take(key: string, cap: number): 'ok' | 'person' | 'total' {
    const mine = this.held.get(key) ?? 0;
    if (mine >= cap) return 'person';
    if (this.all >= STREAM_CAPS.total) return 'total';
    this.held.set(key, mine + 1);
    this.all++;
    return 'ok';
  }

  release(key: string): void {
    const mine = this.held.get(key) ?? 0;
    if (mine <= 1) this.held.delete(key);
    else this.held.set(key, mine - 1);
    this.all = Math.max(0, this.all - 1);
  }

  total(): number {
    return this.all;
  }
}

export const streamSlots = new StreamSlots();

/** Whose stream this is and how many that person may hold. */
function holder(req: Request, res: Response): { key: string; cap: number } {
  const viewer = viewerOf(res);
  if (viewer.kind === 'account') return { key: `account:${viewer.id}`, cap: STREAM_CAPS.account };
  return { key: `address:${clientKey(req)}`, cap: STREAM_CAPS.address };
}

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Ends the stream (the client sees it close). */
  close(): void;
  /** Called once when the stream ends, by either side. */
  onClose(fn: () => void): void;
}

/**
 * Takes a slot for this request's person and starts the stream; past the cap a 429 (or a 503 when
 * the whole judge holds its most) is thrown before anything is written. The slot is given back
 * when the connection closes, whoever closes it.
 */
export function openEventStream(req: Request, res: Response): EventStream {
  const { key, cap } = holder(req, res);
  const taken = streamSlots.take(key, cap);
  if (taken === 'person') {
    res.set('Retry-After', '30');
    throw new HttpError(429, said('live.too-many', cap));
  }
  if (taken === 'total') {
    res.set('Retry-After', '30');
    throw new HttpError(503, said('live.judge-full'));
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  req.socket.setNoDelay(true);
  const closers: (() => void)[] = [];
  let closed = false;
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const finish = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    streamSlots.release(key);
    for (const fn of closers.splice(0)) fn();
    if (!res.writableEnded) res.end();
  };
  res.on('close', finish);
  req.on('close', finish);
  res.write(': watching\n\n');
  return {
    send: (event, data) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: finish,
    onClose: (fn) => {
      if (closed) fn();
      else closers.push(fn);
    },
  };
}

/** One topic's side of a shared stream. */
export interface TopicStream {
  send(event: string, data: unknown): void;
  /** The topic has nothing more to say (a judged submission); the stream ends when every topic has. */
  end(): void;
}

/**
 * A topic: checks that the viewer may follow `arg` (throwing the route's 404 otherwise) and returns
 * what starts it on a stream, which returns what stops it.
 */
export type TopicOpener = (req: Request, res: Response, arg: string) => (stream: TopicStream) => () => void;

/** The topics of one judge and the one route that streams any of them. */
export class LiveTopics {
  private readonly openers = new Map<string, TopicOpener>();

  register(name: string, opener: TopicOpener): void {
    this.openers.set(name, opener);
  }

  /**
   * Streams the given topics (each `name:arg`) on one capped stream. `end`: say "end" before closing
   * once every topic has ended (the page's stream; the one-topic addresses end with their own last event, as before).
   */
  serve(req: Request, res: Response, topics: readonly string[], end = false): void {
    const starts = topics.map((t) => {
      const colon = t.indexOf(':');
      const opener = this.openers.get(colon < 0 ? t : t.slice(0, colon));
      if (!opener) throw badRequest(`There is no live topic "${t.slice(0, 40)}"; topics are ${[...this.openers.keys()].map((k) => `${k}:ID`).join(', ')}.`);
      return opener(req, res, colon < 0 ? '' : t.slice(colon + 1));
    });
    const stream = openEventStream(req, res);
    let open = starts.length;
    for (const start of starts) {
      let ended = false;
      const stop = start({
        send: stream.send,
        end: () => {
          if (ended) return;
          ended = true;
          // "end" tells public/live.js not to reconnect: every topic has said all it will.
          if (--open === 0) {
            if (end) stream.send('end', {});
            stream.close();
          }
        },
      });
      stream.onClose(stop);
    }
  }

  /** `GET /live?topic=submission:12&topic=set:3`: the page's one stream. */
  router(): express.Router {
    const router = express.Router();
    router.get('/live', (req, res) => {
      const raw = req.query.topic;
      const topics = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === 'string' && t !== '');
      if (topics.length === 0 || topics.length > MAX_TOPICS || topics.some((t) => t.length > 80))
        throw badRequest(`Name 1 to ${MAX_TOPICS} topics, e.g. /live?topic=submission:12&topic=set:3.`);
      this.serve(req, res, [...new Set(topics)], true);
    });
    return router;
  }
}
