/**
 * Which built-in games take the fast heap loop (octal codes, subtraction sets, Bash), and its table
 * in the shape of the general search's result, so that conjectures and hover text work the same.
 */
import type { GameSpec } from './lab';
import type { LabGame } from './game';
import { fastHeapSlice, fastHeapTable, isFastProgress, octalRule, subtractionRule, type FastLimits, type FastProgress, type FastTable, type HeapRule } from './octal-fast';
import type { SequenceAnalysis } from './period';
import { octalDigits, parseSubtractionSet } from './presets';
import { boxStates, type OptionInfo, type SearchResult } from './search';

/** The heap rule of a built-in game whose moves are heap arithmetic; null for the others. */
export function heapRuleOf(spec: GameSpec, settings: Record<string, number>): HeapRule | null {
  switch (spec.kind) {
    case 'octal':
      return octalRule(octalDigits(spec.code));
    case 'subtract':
      return subtractionRule(parseSubtractionSet(spec.set));
    case 'bash':
      return subtractionRule(Array.from({ length: settings.m! }, (_, i) => i + 1));
    default:
      return null;
  }
}

/** The one command line that computes this game's table (for "how to go further"). */
export function cliCommand(spec: GameSpec, settings: Record<string, number>, to: number): string {
  const game = spec.kind === 'octal' ? `--octal ${spec.code.trim()}` : spec.kind === 'subtract' ? `--subtract ${spec.set.replace(/\s+/g, '')}` : `--bash --param m=${settings.m}`;
  return `npm run sg -- ${game} --to ${to}`;
}

export interface HeapSearch extends SearchResult {
  byPeriodFrom: number | null;
  /** The analysis made when the period was proven on the way, or null. */
  analysis: SequenceAnalysis | null;
}

export function heapSearch(game: LabGame, rule: HeapRule, to: number, limits: FastLimits): HeapSearch {
  return heapSearchOf(game, to, fastHeapTable(rule, to, limits));
}

/** A slice of a fast table's computing, in wall time: short enough for a waiting submission not to notice. */
export const SLICE_MS = 100;

/**
 * Between two slices of a fast table (a lab job in a judge thread): given the progress so far,
 * resolves true when the job is to give its thread to waiting work now.
 */
export interface Slices {
  /** Where a job that yielded before resumes (null: from the start). */
  from: FastProgress | null;
  between: (progress: FastProgress) => Promise<boolean>;
}

/** Thrown by heapSearchSliced when the job gives its thread away: where to resume. */
export class TableYielded extends Error {
  constructor(readonly progress: FastProgress) {
    super('the table gave its thread to waiting work');
    this.name = 'TableYielded';
  }
}

/** heapSearch a slice at a time, asking between slices whether to yield (then TableYielded). */
export async function heapSearchSliced(game: LabGame, rule: HeapRule, to: number, limits: FastLimits, slices: Slices): Promise<HeapSearch> {
  const from = slices.from && slices.from.to === to && slices.from.values.length === to + 1 ? slices.from : null;
  let r: FastTable | FastProgress = fastHeapSlice(rule, to, limits, from, SLICE_MS);
  while (isFastProgress(r)) {
    if (await slices.between(r)) throw new TableYielded(r);
    r = fastHeapSlice(rule, to, limits, r, SLICE_MS);
  }
  return heapSearchOf(game, to, r);
}

function heapSearchOf(game: LabGame, to: number, t: FastTable): HeapSearch {
  const values = Array.from(t.values);
  const optionsOf = (s: number[]): OptionInfo[] | null => {
    const n = s[0]!;
    if (s.length !== 1 || !Number.isInteger(n) || n < 0 || n > to) return null;
    const raw = game.options([n]) as number[][];
    return raw.map((comps) => ({ components: comps.map((c) => [c]), value: comps.reduce((x, c) => x ^ values[c]!, 0) }));
  };
  return { states: boxStates([0], [to]), values, loopy: false, cycleAt: null, visited: to + 1, optionsOf, byPeriodFrom: t.byPeriodFrom, analysis: t.analysis };
}
