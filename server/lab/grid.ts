/**
 * Periodicity of a two-parameter table along each axis, for the values and for the P-positions
 * (value 0): kiki's P-positions repeat with period 2 both ways, E&D's as well.
 */
import { analyseSequence } from './period';

export interface AxisPeriod {
  /** Smallest p with T(…, t + p, …) = T(…, t, …) for every t ≥ from, in every line of the table. */
  period: number;
  from: number;
}

export interface GridAnalysis {
  /** Along the second parameter (each row x of the table is periodic in y). */
  values: { second: AxisPeriod | null; first: AxisPeriod | null };
  zeros: { second: AxisPeriod | null; first: AxisPeriod | null };
}

type Cell = number | string;

/** Periodicity of the sequence of lines (columns or rows) of the table, each compared whole. */
function axis(lines: Cell[][], first: number): AxisPeriod | null {
  const ids = new Map<string, number>();
  const seq = lines.map((line) => {
    const key = line.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  });
  const a = analyseSequence(seq, first, null, false);
  if (!a) return null;
  return { period: a.period, from: a.preperiod };
}

/** `cells[i][j]` is the value at (from[0] + i, from[1] + j). */
export function analyseGrid(cells: Cell[][], from: [number, number]): GridAnalysis {
  const rows = cells.length;
  const cols = rows > 0 ? cells[0]!.length : 0;
  const column = (g: Cell[][], j: number) => g.map((r) => r[j]!);
  const run = (g: Cell[][]) => ({
    second: axis(Array.from({ length: cols }, (_, j) => column(g, j)), from[1]),
    first: axis(g, from[0]),
  });
  const zeros = cells.map((r) => r.map((v) => (v === 0 || v === 'L' ? 0 : 1)));
  return { values: run(cells), zeros: run(zeros) };
}

export function describeGrid(g: GridAnalysis, names: [string, string]): string[] {
  const say = (what: string, p: { second: AxisPeriod | null; first: AxisPeriod | null }) => {
    const parts: string[] = [];
    if (p.first) parts.push(`period ${p.first.period} in ${names[0]} from ${names[0]} = ${p.first.from}`);
    if (p.second) parts.push(`period ${p.second.period} in ${names[1]} from ${names[1]} = ${p.second.from}`);
    return `${what}: ${parts.length ? parts.join(', ') : 'no period seen along either axis'}`;
  };
  return [say('values', g.values), say('P-positions (value 0)', g.zeros)];
}
