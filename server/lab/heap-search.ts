/**
 * Which built-in games take the fast heap loop (octal codes, subtraction sets, Bash), and its table
 * in the shape of the general search's result, so that conjectures and hover text work the same.
 */
import type { GameSpec } from './lab';
import type { LabGame } from './game';
import { fastHeapTable, octalRule, subtractionRule, type FastLimits, type HeapRule } from './octal-fast';
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
  const t = fastHeapTable(rule, to, limits);
  const values = Array.from(t.values);
  const optionsOf = (s: number[]): OptionInfo[] | null => {
    const n = s[0]!;
    if (s.length !== 1 || !Number.isInteger(n) || n < 0 || n > to) return null;
    const raw = game.options([n]) as number[][];
    return raw.map((comps) => ({ components: comps.map((c) => [c]), value: comps.reduce((x, c) => x ^ values[c]!, 0) }));
  };
  return { states: boxStates([0], [to]), values, loopy: false, cycleAt: null, visited: to + 1, optionsOf, byPeriodFrom: t.byPeriodFrom, analysis: t.analysis };
}
