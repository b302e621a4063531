/**
 * The problem page inside a round: while a round of this person's runs (their real round or their
 * virtual one) and the problem is one of its problems, the page is the round's: its name and a link
 * back, the problem's letter, the time left, the round's newest messages, "next problem" in the
 * round's order, and no topic tags, difficulty or homework banner (each a hint in itself).
 */
import type { Response } from 'express';
import { labelOf } from '../contests/board';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { messagesPage } from '../storage/contest-questions';
import { contestCore } from './contest-routes';
import { messageView } from './contest-pages';
import { roundsNow } from '../storage/contests';
import { ownerFor, scopeOf } from './auth/viewer';

/** The round's messages shown on its problem pages (the round's page has them all). */
const MESSAGES_ON_PROBLEM = 5;

export interface RoundOnProblem {
  id: number;
  name: string;
  label: string;
  virtual: boolean;
  endsMs: number;
  leftMinutes: number;
  messages: ReturnType<typeof messageView>[];
  next: { slug: string; label: string; title: string } | null;
}

export function roundOnProblem(db: Db, res: Response, slug: string, lang: 'en' | 'zh', now = Date.now()): RoundOnProblem | null {
  const round = roundsNow(db, ownerFor(res), now).find((r) => r.contest.problems.includes(slug));
  if (!round) return null;
  const c = round.contest;
  // A running round always has its end (the window's endsAt is null only for a set without a close).
  const endsAt = round.window.endsAt ?? now;
  const i = c.problems.indexOf(slug);
  const nextSlug = c.problems[i + 1];
  const nextHeader = nextSlug === undefined ? undefined : getProblemHeader(db, nextSlug);
  const { messagesOf } = contestCore(db, () => now);
  const read = messagesPage(db, c.id, scopeOf(res), MESSAGES_ON_PROBLEM, 0);
  return {
    id: c.id,
    name: c.name,
    label: labelOf(i),
    virtual: round.virtual !== null,
    endsMs: endsAt,
    leftMinutes: Math.ceil((endsAt - now) / 60_000),
    messages: messagesOf(res, c, read.messages).map((m) => messageView(c, m)),
    next: nextHeader ? { slug: nextHeader.slug, label: labelOf(i + 1), title: lang === 'zh' ? nextHeader.titleZh : nextHeader.titleEn } : null,
  };
}
