/**
 * Standings as CSV for a spreadsheet: a header row, one row per student, UTF-8 with a byte order
 * mark (spreadsheet programs otherwise read Chinese names as Latin-1), fields quoted per RFC 4180.
 */
import type { Response } from 'express';
import type { Cell, StandingsRow } from '../storage/standings';
import { formatTimestamp } from './present';

function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function cellText(c: Cell): string {
  if (c.state === 'solved') return `AC ${formatTimestamp(c.firstAcAt)} after ${c.tries} rejected${c.late ? ' (late)' : ''}`;
  if (c.state === 'tried') return `tried ${c.tries}`;
  return '';
}

export function standingsCsv(problems: readonly string[], rows: readonly StandingsRow[]): string {
  const lines = [['name', 'solved', ...problems], ...rows.map((r) => [r.name, r.solved, ...r.cells.map(cellText)])];
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

export function sendCsv(res: Response, fileName: string, csv: string): void {
  res.attachment(fileName).type('text/csv; charset=utf-8').send(csv);
}
