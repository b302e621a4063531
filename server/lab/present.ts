/**
 * A lab result as the API and the pages show it, made in the lab thread (a quick table) or from a
 * stored job's result, which big-table.ts has already cut to its first rows when the table is big:
 * a page never carries more than those rows.
 */
import { contractJson, tableCsv, tableText } from './format';
import type { LabResult } from './lab';

/** Tables above this many states are not rendered as text in the page (the plot or heatmap shows them). */
export const TEXT_STATES = 20_000;

/** States in the whole table (a stored result from before `count` existed holds all of them). */
function countOf(r: LabResult): number {
  return r.count ?? r.states.length;
}

/** The table as text, for a table carried whole and small enough to read that way. */
export function textOf(r: LabResult): string | null {
  const count = countOf(r);
  return count <= TEXT_STATES && r.states.length === count ? tableText(r) : null;
}

/**
 * The API's and the page's view of a result: the CLI contract's JSON plus the count, the plot,
 * options, text and CSV; for a big table's first rows, `csv` is null and `cut` says what the whole
 * table is and where to download it (`csvUrl`, for a stored job).
 */
export function presentResult(r: LabResult, csvUrl: string | null = null): Record<string, unknown> {
  const count = countOf(r);
  const cut = count > r.states.length;
  return {
    // The first rows keep the whole table's summary, analysis and grid.
    ...contractJson(r, true),
    count,
    plot: r.plot ?? null,
    options: r.options,
    visited: r.visited,
    ms: r.ms,
    text: textOf(r),
    csv: cut ? null : tableCsv(r),
    cut: cut ? { states: count, shown: r.states.length, to: r.wholeTo ?? r.game.to, csvUrl } : null,
  };
}
