/**
 * A drawn map laid out as the lab lays out its tables: one parameter as rows of one true period
 * each (columns +0, +1, …, so a column holds one residue), two parameters as rows x and columns y.
 */
import { analyseSequence } from '../lab/period';
import type { MapCell } from './present';

export interface LaidCell {
  label: string;
  got: string;
  truth: string;
  wrong: boolean;
}

export interface LaidTable {
  corner: string;
  columns: string[];
  rows: { label: string; cells: (LaidCell | null)[] }[];
}

/** Widest row of a one-parameter table (a longer true period is cut into rows of this many). */
const MAX_WIDTH = 40;

export function layOut(params: string[], cells: MapCell[], step: number, words: { cellLabel: string; cellWrong: string }): LaidTable {
  const label = (c: MapCell) => {
    const where = c.state.length === 1 ? `${params[0]} = ${c.state[0]}` : `(${params.join(', ')}) = (${c.state.join(', ')})`;
    const text = words.cellLabel.replace('{0}', where).replace('{1}', c.truth).replace('{2}', c.got);
    return c.got === c.truth ? text : `${text} (${words.cellWrong})`;
  };
  const laid = (c: MapCell): LaidCell => ({ label: label(c), got: c.got, truth: c.truth, wrong: c.got !== c.truth });
  if (cells.length === 0) return { corner: '', columns: [], rows: [] };
  if (cells[0]!.state.length === 1) {
    const a = analyseSequence(
      cells.map((c) => (c.truth === 'L' ? 0 : 1)),
      0,
      null,
      false,
    );
    const width = a && a.period >= 2 && a.period <= MAX_WIDTH ? a.period : 20;
    const first = cells[0]!.state[0]!;
    const rows: LaidTable['rows'] = [];
    for (let i = 0; i < cells.length; i += width) {
      rows.push({ label: String(first + i * step), cells: Array.from({ length: width }, (_, k) => (cells[i + k] ? laid(cells[i + k]!) : null)) });
    }
    return { corner: params[0]!, columns: Array.from({ length: width }, (_, k) => `+${k * step}`), rows };
  }
  const xs = [...new Set(cells.map((c) => c.state[0]!))];
  const ys = [...new Set(cells.map((c) => c.state[1]!))];
  const at = new Map(cells.map((c) => [c.state.join(','), c]));
  return {
    corner: `${params[0]} \\ ${params[1]}`,
    columns: ys.map(String),
    rows: xs.map((x) => ({ label: String(x), cells: ys.map((y) => (at.has(`${x},${y}`) ? laid(at.get(`${x},${y}`)!) : null)) })),
  };
}
