/**
 * Tables too big to carry whole in a job's result (a page, `GET /api/lab/:id`): the result keeps the
 * analysis and the first rows, as a table of their own; the whole table is kept aside as the values
 * alone (`lab_jobs.full_table`) and served as CSV a chunk at a time (`GET /api/lab/:id/table.csv`).
 * One parameter: over BIG_TABLE_STATES states, the first SHOWN_VALUES values and a plot of G(n).
 * Two or three: over SHOWN_STATES states, the first rows up to SHOWN_STATES states (the heatmap
 * draws every state it is given). Either way a page costs the same whatever the table.
 */
import type { LabResult } from './lab';

/** Above this many states a job's result is summarised. */
export const BIG_TABLE_STATES = 20_000;
/** Values a summarised one-parameter result keeps (the first ones). */
export const SHOWN_VALUES = 1_000;
/** Tables of two or three parameters above this many states keep their first rows, at most this many states. */
export const SHOWN_STATES = 40_000;
/** Columns of a plot of G(n): a page is about this wide. */
const PLOT_COLUMNS = 1_200;

/**
 * G(n) against n, as Flammenkamp's tables draw it: n grouped into columns of `step` values, and for
 * each column every distinct value once (a flat list: column, value, column, value, …).
 */
export interface LabPlot {
  from: number;
  step: number;
  columns: number;
  points: number[];
  /** G(n) at each of analysis.exceptions (the result may not hold those values). */
  exceptionValues: number[];
}

/** The whole table, kept beside a summarised result for the CSV download. */
export interface LabTable {
  paramNames: string[];
  from: number[];
  to: number[];
  loopy: boolean;
  values: (number | string)[];
}

export function plotOf(r: LabResult): LabPlot | null {
  if (r.game.dims !== 1 || r.loopy) return null;
  const values = r.values as number[];
  const from = r.game.from[0]!;
  const step = Math.max(1, Math.ceil(values.length / PLOT_COLUMNS));
  const columns = Math.ceil(values.length / step);
  const points: number[] = [];
  const seen = new Map<number, number>();
  for (let c = 0; c < columns; c++) {
    for (let i = c * step; i < Math.min(values.length, (c + 1) * step); i++) {
      const v = values[i]!;
      if (seen.get(v) === c) continue;
      seen.set(v, c);
      points.push(c, v);
    }
  }
  const exceptionValues = (r.analysis?.exceptions ?? []).map((n) => values[n - from]!);
  return { from, step, columns, points, exceptionValues };
}

/** How many states the first rows of a big table hold (whole rows of the first parameter). */
function shownStates(r: LabResult): number {
  if (r.game.dims === 1) return SHOWN_VALUES;
  const { from, to } = r.game;
  // States per step of the first parameter: the product of the other parameters' ranges.
  const per = to.slice(1).reduce((n, t, d) => n * (t - from[d + 1]! + 1), 1);
  return Math.max(1, Math.floor(SHOWN_STATES / per)) * per;
}

/** Is this table cut when it is stored (its result then holds its first rows only)? */
export function isBig(r: Pick<LabResult, 'count' | 'game'>): boolean {
  return r.count > (r.game.dims === 1 ? BIG_TABLE_STATES : SHOWN_STATES);
}

/**
 * A result fit to store and send, and the whole table when it had to be cut (null otherwise). The
 * first rows are a table of their own (`game.to` ends where they do) with the whole table's count,
 * range (`wholeTo`), summary, analysis and grid. Made in the judge thread, so neither the message
 * to the main thread nor the stored result holds a million small arrays.
 */
export function summariseBig(r: LabResult): { result: LabResult; table: LabTable | null } {
  if (!isBig(r)) return { result: r, table: null };
  const table: LabTable = { paramNames: r.game.paramNames, from: r.game.from, to: r.game.to, loopy: r.loopy, values: r.values };
  const shown = Math.min(r.states.length, shownStates(r));
  const last = r.states[shown - 1]!;
  const result: LabResult = {
    ...r,
    game: { ...r.game, to: [last[0]!, ...r.game.to.slice(1)] },
    states: r.states.slice(0, shown),
    values: r.values.slice(0, shown) as LabResult['values'],
    options: null,
    plot: plotOf(r),
    wholeTo: r.game.to,
  };
  return { result, table };
}

/** The table as CSV (the header, then one line per state, lexicographic order), a chunk at a time. */
export function* csvChunks(t: LabTable, linesPerChunk = 4096): Generator<string> {
  yield* csvChunksOf(t, (function* () {
    for (const v of t.values) yield String(v);
  })(), linesPerChunk);
}

/**
 * The CSV of a stored table (the JSON text of a LabTable), made without parsing the whole text: the
 * small header is parsed alone and the values are copied from the text a chunk at a time as the
 * download drains, so a 10⁶-state table never holds the HTTP thread for more than one chunk's work.
 * The same lines as csvChunks (a number's JSON text is its String()).
 */
export function* csvChunksOfStored(json: string, linesPerChunk = 4096): Generator<string> {
  const key = '"values":[';
  const at = json.indexOf(key);
  const start = at + key.length;
  // Values are numbers or "W"/"L"/"D": the first ']' after the key ends them.
  const end = at < 0 ? -1 : json.indexOf(']', start);
  if (at < 0 || end < 0) {
    yield* csvChunks(JSON.parse(json) as LabTable, linesPerChunk);
    return;
  }
  const header = JSON.parse(json.slice(0, start) + json.slice(end)) as LabTable;
  function* tokens(): Generator<string> {
    for (let pos = start; pos < end; ) {
      let comma = json.indexOf(',', pos);
      if (comma < 0 || comma > end) comma = end;
      const token = json.slice(pos, comma);
      yield token.startsWith('"') ? token.slice(1, -1) : token;
      pos = comma + 1;
    }
  }
  yield* csvChunksOf(header, tokens(), linesPerChunk);
}

/** The CSV lines of a table's states, in lexicographic order from `from`, with their values' texts, a chunk at a time. */
function* csvChunksOf(t: Pick<LabTable, 'from' | 'to' | 'paramNames' | 'loopy'>, values: Iterable<string>, linesPerChunk: number): Generator<string> {
  const dims = t.from.length;
  let chunk = `${[...t.paramNames, t.loopy ? 'outcome' : 'sg'].join(',')}\n`;
  let lines = 0;
  const cur = t.from.slice();
  for (const value of values) {
    chunk += `${cur.join(',')},${value}\n`;
    if (++lines === linesPerChunk) {
      yield chunk;
      chunk = '';
      lines = 0;
    }
    let d = dims - 1;
    while (d >= 0 && cur[d] === t.to[d]) {
      cur[d] = t.from[d]!;
      d--;
    }
    if (d < 0) break;
    cur[d]!++;
  }
  if (chunk) yield chunk;
}
