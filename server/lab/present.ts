/**
 * A lab result as the API and the pages show it. Computed where the table was (the lab thread) or
 * for a stored job: a page never carries more than SHOWN_STATES states.
 */
import { contractJson, tableCsv, tableText } from './format';
import type { LabResult } from './lab';

/** Tables above this many states are not rendered as text in the page (the heatmap shows them). */
export const TEXT_STATES = 20_000;
/**
 * Pages and GET /api/lab/:id carry at most this many states (the first rows); the analysis covers
 * the whole table and the CSV download has every state. A page costs the same whatever the table.
 */
export const SHOWN_STATES = 40_000;

/**
 * The first rows of a big table, as a table of its own (its range ends where the rows do), so the
 * page draws it like any other; the summary and analysis stay those of the whole table.
 */
function firstRows(r: LabResult): LabResult {
  const { from, to, dims } = r.game;
  // States per step of the first parameter: the product of the other parameters' ranges.
  const per = to.slice(1).reduce((n, t, d) => n * (t - from[d + 1]! + 1), 1);
  const rows = Math.max(1, Math.floor(SHOWN_STATES / per));
  const shown = Math.min(r.states.length, rows * per);
  const lastRow = dims === 1 ? from[0]! + shown - 1 : from[0]! + rows - 1;
  return { ...r, game: { ...r.game, to: [Math.min(to[0]!, lastRow), ...to.slice(1)] }, states: r.states.slice(0, shown), values: r.values.slice(0, shown), options: r.options && r.options.slice(0, shown) };
}

/**
 * The API's and the page's view of a result: the CLI contract's JSON plus options, text and CSV;
 * for a table over SHOWN_STATES states, only its first rows with `cut` saying so and where the
 * whole table is (`csvUrl`, for a stored job).
 */
export function presentResult(full: LabResult, csvUrl: string | null = null): Record<string, unknown> {
  const whole = full.whole ?? null;
  const cut = whole !== null || full.states.length > SHOWN_STATES;
  const r = full.states.length > SHOWN_STATES ? firstRows(full) : full;
  return {
    // The first rows keep the whole table's summary, analysis and grid.
    ...contractJson(r, true),
    options: r.options,
    visited: r.visited,
    ms: r.ms,
    text: r.states.length <= TEXT_STATES ? tableText(r) : null,
    csv: cut ? null : tableCsv(r),
    cut: cut ? { states: whole?.states ?? full.states.length, shown: r.states.length, to: whole?.to ?? full.game.to, csvUrl } : null,
  };
}

/**
 * A job's result as it is stored: a table over SHOWN_STATES states keeps its first rows, with the
 * whole table as CSV text beside them. Made in the judge thread, so neither the message to the
 * main thread nor the stored JSON holds a million small arrays.
 */
export function forStorage(full: LabResult): LabResult {
  if (full.states.length <= SHOWN_STATES) return full;
  return { ...firstRows(full), whole: { states: full.states.length, to: full.game.to, csv: tableCsv(full) } };
}

/** The whole table of a result as CSV, stored or made now. */
export function wholeCsv(r: LabResult): string {
  return r.whole?.csv ?? tableCsv(r);
}
