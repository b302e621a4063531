/**
 * Standings as CSV for a spreadsheet to sum: one row per student (login, display name, counts),
 * then per problem a status column (`solved`, `late`, `tried` or empty; COUNTIF counts them) and a
 * number column, headed by the problems' titles. UTF-8 with a byte order mark (spreadsheet programs
 * otherwise read Chinese names as Latin-1), fields quoted per RFC 4180, and every text cell that a
 * spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) prefixed
 * with an apostrophe, as OWASP's CSV-injection advice says.
 */
import type { Response } from 'express';
import type { Cell, StandingsRow } from '../storage/standings';
import type { ProblemHead } from './standings-view';

/** A text cell, neutralised and quoted; numbers go out as they are. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function statusOf(c: Cell): string {
  if (c.state === 'solved') return c.late ? 'late' : 'solved';
  return c.state === 'tried' ? 'tried' : '';
}

function csv(lines: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The whole class: per problem its status and the number of rejected tries (before the solve). */
export function classCsv(heads: readonly ProblemHead[], rows: readonly StandingsRow[]): string {
  return csv([
    ['login', 'display name', 'solved', ...heads.flatMap((h) => [h.title, `${h.title} (tries)`])],
    ...rows.map((r) => [r.name, r.displayName, r.solved, ...r.cells.flatMap((c) => [statusOf(c), c.state === 'none' ? null : c.tries])]),
  ]);
}

/**
 * A set: on-time and late counts, then per problem its status, its rejected tries (before the solve;
 * the same count as the whole-class CSV's and a round's board CSV's) and the minutes from the set's
 * start to the first Accepted.
 */
export function setCsv(heads: readonly ProblemHead[], rows: readonly StandingsRow[]): string {
  return csv([
    ['login', 'display name', 'on time', 'late', ...heads.flatMap((h) => [h.title, `${h.title} (tries)`, `${h.title} (minutes)`])],
    ...rows.map((r) => [r.name, r.displayName, r.onTime ?? 0, r.late ?? 0, ...r.cells.flatMap((c) => [statusOf(c), c.state === 'none' ? null : c.tries, c.minutes ?? null])]),
  ]);
}

/** A file name from a set's name: what a file system refuses becomes "-". */
export function csvFileName(name: string): string {
  const safe = name.replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, '-').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${safe || 'set'} - standings.csv`;
}

export function sendCsv(res: Response, fileName: string, text: string): void {
  res.attachment(fileName).type('text/csv; charset=utf-8').send(text);
}
