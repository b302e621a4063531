/**
 * A stored mistake map as the API and the pages show it: the grid's states with the true answer
 * and the program's, the summary in words, and the first state where they differ as an input of
 * exactly that one case (for a custom run).
 */
import type { MistakeMapRow } from '../storage/mistake-maps';
import { describeMap, type Summary } from './pattern';
import { gridStates, type Got } from './probe';
import { loadProbe } from './probes';

export interface MapCell {
  state: number[];
  truth: 'W' | 'L';
  got: Got;
}

export interface PresentedMap {
  id: number;
  problem: string;
  submission: number | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  about: { en: string; zh: string };
  params: string[];
  /** The lab game's settings the grid is drawn for (Bash's m), empty for none. */
  settings: Record<string, number>;
  from: number[];
  to: number[];
  step: number;
  cells: MapCell[];
  disagree: number | null;
  /** The map's CPU budget ran out first: this many states were not run (they answer "?"). */
  notRun: number | null;
  summary: Summary | null;
  /** The first state where the answers differ, and the input asking only it. */
  first: { state: number[]; input: string } | null;
}

export async function presentMap(row: MistakeMapRow): Promise<PresentedMap> {
  const probe = await loadProbe(row.problem);
  const states = gridStates(probe);
  const drawn = row.status === 'done' && row.got !== null && row.truth !== null;
  const cells: MapCell[] = drawn ? states.map((state, i) => ({ state, truth: row.truth![i] as 'W' | 'L', got: row.got![i] as Got })) : [];
  const step = probe.step ?? 1;
  const firstCell = cells.find((c) => c.got !== c.truth);
  return {
    id: row.id,
    problem: row.problem,
    submission: row.submission,
    status: row.status === 'done' && row.error !== null ? 'failed' : row.status,
    error: row.error,
    about: probe.about,
    params: probe.params,
    settings: probe.settings ?? {},
    from: probe.from,
    to: probe.to,
    step,
    cells,
    disagree: drawn ? row.disagree : null,
    notRun: drawn && row.stopped ? cells.filter((c) => c.got === '?').length : null,
    summary: drawn
      ? describeMap({ params: probe.params, from: probe.from, to: probe.to, step, states, truth: cells.map((c) => c.truth), got: cells.map((c) => c.got) })
      : null,
    first: firstCell ? { state: firstCell.state, input: probe.input([firstCell.state]) } : null,
  };
}
