/**
 * A lab table as text (aligned columns, as the notes' table(n) prints it) and as CSV.
 */
import type { LabResult } from './lab';

const pad = (s: string, w: number) => s.padStart(w);

/**
 * One parameter: one period per line, the lines aligned on the periodic part (as the notes print
 * "every 4k+2 a line"); lines of the pre-period are marked `pre`, exceptions with `*`.
 */
function oneParam(r: LabResult): string[] {
  const from = r.game.from[0]!;
  const vals = r.values.map(String);
  const a = r.analysis;
  const width = vals.reduce((w, v) => Math.max(w, v.length), 0) + 1 + (a?.exceptions.length ? 1 : 0);
  const period = a ? a.period : 10;
  const anchor = a ? a.preperiod : from;
  const exceptions = new Set(a?.exceptions ?? []);
  const label = Math.max(String(r.game.to[0]).length, 3);
  const lines: string[] = [];
  // Rows start at n ≡ anchor (mod period); the first row may be shorter.
  let n = from;
  const by = r.byPeriodFrom ?? null;
  while (n <= r.game.to[0]!) {
    const offset = (((n - anchor) % period) + period) % period;
    const end = Math.min(r.game.to[0]!, n + (period - offset) - 1);
    if (by !== null && n <= by && by <= end) lines.push(`--- from n = ${by} on: by the proven period, not computed ---`);
    const cells: string[] = [];
    for (let m = n; m <= end; m++) cells.push(pad(vals[m - from]! + (exceptions.has(m) ? '*' : ''), width));
    const lead = ' '.repeat(offset * width);
    const mark = a && end < a.preperiod ? 'pre' : a && n < a.preperiod ? 'pre' : '   ';
    lines.push(`${mark} ${pad(String(n), label)}:${lead}${cells.join('')}`);
    n = end + 1;
  }
  return lines;
}

function grid(r: LabResult, fixed: number[] = []): string[] {
  const d = fixed.length;
  const [x0, y0] = [r.game.from[d]!, r.game.from[d + 1]!];
  const [x1, y1] = [r.game.to[d]!, r.game.to[d + 1]!];
  const index = new Map(r.states.map((s, i) => [s.join(','), i]));
  const cell = (x: number, y: number) => String(r.values[index.get([...fixed, x, y].join(','))!]);
  let width = Math.max(String(x1).length, String(y1).length);
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) width = Math.max(width, cell(x, y).length);
  width += 1;
  const lw = String(x1).length + 1;
  const head = `${' '.repeat(lw)}${Array.from({ length: y1 - y0 + 1 }, (_, j) => pad(String(y0 + j), width)).join('')}`;
  const lines = [head];
  for (let x = x0; x <= x1; x++) {
    const row: string[] = [];
    for (let y = y0; y <= y1; y++) row.push(pad(cell(x, y), width));
    lines.push(`${pad(String(x), lw - 1)} ${row.join('')}`);
  }
  return lines;
}

export function tableText(r: LabResult): string {
  const names = r.game.paramNames;
  const lines: string[] = [];
  lines.push(`${r.game.name}: ${r.game.about}; ${names.map((n, d) => `${n} = ${r.game.from[d]}..${r.game.to[d]}`).join(', ')}${settingsText(r)}`);
  if (r.game.dims === 1) lines.push(...oneParam(r));
  else if (r.game.dims === 2) lines.push(`rows ${names[0]}, columns ${names[1]}`, ...grid(r));
  else {
    for (let a = r.game.from[0]!; a <= r.game.to[0]!; a++) lines.push(`${names[0]} = ${a} (rows ${names[1]}, columns ${names[2]})`, ...grid(r, [a]), '');
  }
  lines.push('', ...r.summary);
  return lines.join('\n') + '\n';
}

function settingsText(r: LabResult): string {
  const s = Object.entries(r.game.settings);
  return s.length ? ` (${s.map(([k, v]) => `${k} = ${v}`).join(', ')})` : '';
}

/** One line per state: its parameters, then its value. */
export function tableCsv(r: LabResult): string {
  const lines = [[...r.game.paramNames, r.loopy ? 'outcome' : 'sg'].join(',')];
  r.states.forEach((s, i) => lines.push([...s, r.values[i]].join(',')));
  return lines.join('\n') + '\n';
}

/** The JSON of the CLI contract: states, values, analysis, conjecture (when asked), plus context. */
export function contractJson(r: LabResult, withConjecture: boolean): Record<string, unknown> {
  const a = r.analysis;
  const out: Record<string, unknown> = {
    game: r.game,
    states: r.states,
    values: r.values,
    loopy: r.loopy,
    byPeriodFrom: r.byPeriodFrom ?? null,
    analysis: a && { preperiod: a.preperiod, period: a.period, saltus: a.saltus, proven: a.proven, checkedUpTo: a.checkedUpTo, proofNeeds: a.proofNeeds, exceptions: a.exceptions },
    grid: r.grid,
    summary: r.summary,
  };
  if (withConjecture && r.conjecture) {
    const c = r.conjecture;
    // problemSaid: the problem as a message id and arguments, so a Chinese page says it in Chinese.
    out.conjecture = { holds: c.holds, state: c.state, expected: c.expected, got: c.got, checked: c.checked, problem: c.problem, ...(c.problemSaid && { problemSaid: c.problemSaid }), options: c.options };
  }
  return out;
}
