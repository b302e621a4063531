/**
 * Standings as people see them, drawn once here for the pages, the JSON and the CSV: a compact
 * cell text ("✓+2", "✗3"), a time of day, and a sentence with the details (hover, focus, screen
 * readers). Times are the server's clock, so every viewer sees the same ones; JSON adds ISO times.
 */
import type { Lang } from './statements';
import type { Cell, StandingsRow } from '../storage/standings';
import { formatTimestamp, isoTimestamp } from './present';
import { RULES } from '../rules/round-rules';

export interface ProblemHead {
  slug: string;
  title: string;
}

export interface ShownCell {
  problem: string;
  state: Cell['state'];
  tries: number;
  firstAcAt: string | null;
  late?: boolean;
  minutes?: number | null;
  /** "✓", "✓+2" (after two rejected), "✗3" (three tries), "" (untouched). */
  text: string;
  /** The first Accepted's time of day (server time), "" otherwise. */
  time: string;
  /** The whole story in words, e.g. "Accepted 2026-11-26 19:20 after 2 rejected tries, late". */
  detail: string;
  /** The cell's CSS classes. */
  css: string;
}

/** The homework rule's text (server/rules/round-rules.ts), as every board's cell is written. */
export function cellText(c: Cell): string {
  return RULES.homework.cellText({ state: c.state === 'tried' ? 'rejected' : c.state, tries: c.tries, pending: 0, minutes: c.minutes ?? null, ...(c.late === undefined ? {} : { late: c.late }) });
}

function cellDetail(c: Cell, lang: Lang): string {
  const when = formatTimestamp(c.firstAcAt).slice(0, 16);
  if (c.state === 'solved') {
    if (lang === 'zh') return `${when} 通过${c.tries ? `，之前 ${c.tries} 次未通过` : ''}${c.late ? '（迟交）' : ''}`;
    return `Accepted ${when}${c.tries ? ` after ${c.tries} rejected ${c.tries === 1 ? 'try' : 'tries'}` : ' at the first try'}${c.late ? ', late' : ''}`;
  }
  if (c.state === 'tried') return lang === 'zh' ? `尝试 ${c.tries} 次，尚未通过` : `${c.tries} ${c.tries === 1 ? 'try' : 'tries'}, not solved yet`;
  return lang === 'zh' ? '尚未尝试' : 'not tried';
}

export function showCell(c: Cell, lang: Lang): ShownCell {
  return {
    problem: c.problem,
    state: c.state,
    tries: c.tries,
    firstAcAt: isoTimestamp(c.firstAcAt),
    ...(c.late === undefined ? {} : { late: c.late }),
    ...(c.minutes === undefined ? {} : { minutes: c.minutes }),
    text: cellText(c),
    time: c.firstAcAt === null ? '' : formatTimestamp(c.firstAcAt).slice(11, 16),
    detail: cellDetail(c, lang),
    css: `cell cell-${c.state}${c.late ? ' cell-late' : ''}`,
  };
}

export interface ShownRow {
  name: string;
  displayName: string;
  solved: number;
  onTime?: number;
  late?: number;
  cells: ShownCell[];
}

export function showRow(r: StandingsRow, lang: Lang): ShownRow {
  return {
    name: r.name,
    displayName: r.displayName,
    solved: r.solved,
    ...(r.onTime === undefined ? {} : { onTime: r.onTime, late: r.late ?? 0 }),
    cells: r.cells.map((c) => showCell(c, lang)),
  };
}

/** The rows for a page: each cell with its problem's title, for the link's words. */
export function pageRows(rows: readonly StandingsRow[], heads: readonly ProblemHead[], lang: Lang) {
  return rows.map((r) => {
    const shown = showRow(r, lang);
    const cells = shown.cells.map((c, i) => ({ ...c, title: heads[i]?.title ?? c.problem, filled: c.state !== 'none' }));
    // The phone layout lists only the problems a student has touched when their row is opened.
    return { ...shown, cells, touched: cells.filter((c) => c.filled) };
  });
}
