/**
 * A round's questions and announcements as pages read them: one page at a time, newest first, and
 * how many questions one person has asked (the per-person cap). Who may read which message is
 * policy.ts's rule; `forStudent` only narrows the rows read to the ones that rule can let through.
 */
import type { Db } from './db';
import { prepared } from './db';
import type { ContestMessage } from './contests';

export function questionsAskedBy(db: Db, contest: number, author: number | null): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM contest_messages WHERE contest = ? AND kind = 'question' AND IFNULL(author, 0) = IFNULL(?, 0)").get(contest, author) as { n: number }).n;
}

/** A page of the round's messages, newest first; `forStudent`: only announcements, answers to everyone and their own questions. */
export function messagesPage(db: Db, contest: number, forStudent: number | undefined, limit: number, offset: number): { messages: ContestMessage[]; total: number } {
  const scope = forStudent === undefined ? '' : "AND (m.kind = 'announcement' OR m.to_all = 1 OR m.author = @me)";
  const params = { contest, me: forStudent ?? null, limit, offset };
  const total = (prepared(db, `SELECT COUNT(*) AS n FROM contest_messages m WHERE m.contest = @contest ${scope}`).get(params) as { n: number }).n;
  const rows = prepared(
    db,
    `SELECT m.id, m.kind, m.problem, m.author, a.name AS authorName, m.text, m.answer, m.to_all AS toAll, m.created_at AS createdAt, m.answered_at AS answeredAt
     FROM contest_messages m LEFT JOIN accounts a ON a.id = m.author WHERE m.contest = @contest ${scope} ORDER BY m.id DESC LIMIT @limit OFFSET @offset`,
  ).all(params) as (Omit<ContestMessage, 'toAll'> & { toAll: number })[];
  return { messages: rows.map((r) => ({ ...r, toAll: r.toAll === 1 })), total };
}

/** One message by id (for pushing it to open pages once it is asked, answered or announced). */
export function messageById(db: Db, contest: number, id: number): ContestMessage | undefined {
  const r = prepared(
    db,
    `SELECT m.id, m.kind, m.problem, m.author, a.name AS authorName, m.text, m.answer, m.to_all AS toAll, m.created_at AS createdAt, m.answered_at AS answeredAt
     FROM contest_messages m LEFT JOIN accounts a ON a.id = m.author WHERE m.contest = ? AND m.id = ?`,
  ).get(contest, id) as (Omit<ContestMessage, 'toAll'> & { toAll: number }) | undefined;
  return r && { ...r, toAll: r.toAll === 1 };
}
