/**
 * One lab computation, from request to result: resolve the game (a problem's declaration, a
 * preset, or student code in the sandbox), compute the table, analyse it, check a conjecture.
 */
import { checkConjecture, type TableValue } from './conjecture';
import { LabError, sentenceOf } from './errors';
import { said } from '../text/messages';
import { instantiate, SettingError, type GameDeclaration, type LabGame, type Settings } from './game';
import { analyseGrid, describeGrid, type GridAnalysis } from './grid';
import type { LabPlot } from './big-table';
import { cliCommand, heapRuleOf, heapSearch, heapSearchSliced, type Slices } from './heap-search';
import { FastTableStopped } from './octal-fast';
import { analyseSequence, describeSequence, type SequenceAnalysis } from './period';
import { bashGame, nimGame, octalGame, parseSubtractionSet, PresetError, subtractionGame } from './presets';
import { hasGame, loadGame } from './registry';
import type { SandboxTools } from './run-source';
import type { ConjectureAnswer } from './sandbox-driver';
import { boxStates, DEFAULT_LIMITS, formatState, GameError, searchTable, tableOptions, type OptionInfo, type SearchLimits } from './search';

export type GameSpec =
  | { kind: 'problem'; slug: string; settings?: Settings }
  | { kind: 'octal'; code: string }
  | { kind: 'subtract'; set: string }
  | { kind: 'nim' }
  | { kind: 'bash'; settings?: Settings }
  | { kind: 'source'; source: string };

export interface LabRequest {
  game: GameSpec;
  /** Upper bound of every parameter; the game's default when absent. */
  to?: number;
  /** TypeScript whose default export is the conjectured closed form. */
  conjecture?: string;
}

export interface LabResult {
  game: {
    name: string;
    about: string;
    dims: number;
    paramNames: string[];
    settings: Settings;
    from: number[];
    to: number[];
    /** The most tokens one move removes (octal and subtraction games, a student's game that declares it), for the Guy–Smith bound. */
    bound: number | null;
    /** Problem slug, for links to its stress test. */
    problem: string | null;
    /** The built-in game asked for (null for student code): lets a page ask for options later. */
    spec: Exclude<GameSpec, { kind: 'source' }> | null;
  };
  states: number[][];
  values: TableValue[];
  loopy: boolean;
  cycleAt: number[] | null;
  visited: number;
  analysis: SequenceAnalysis | null;
  /** First n whose value follows from the proven period rather than being computed (octal and subtraction games); null when every value was computed. */
  byPeriodFrom: number | null;
  /** States in the whole table: more than states.length when a big table is carried summarised (see big-table.ts). */
  count: number;
  /** G(n) against n, in columns, for a summarised one-parameter table (big-table.ts); absent otherwise. */
  plot?: LabPlot | null;
  /** The whole table's range when the result holds its first rows only (big-table.ts; game.to ends with those rows). */
  wholeTo?: number[];
  grid: GridAnalysis | null;
  conjecture: ConjectureAnswer | null;
  /** Every state's options (small tables only: up to OPTIONS_STATES states and OPTIONS_COMPONENTS components). */
  options: OptionInfo[][] | null;
  /** The analysis in sentences, as the CLI and the page print it. */
  summary: string[];
  ms: number;
}

export const OPTIONS_STATES = 4096;
export const OPTIONS_COMPONENTS = 100_000;

/** Largest `to` accepted: the state cap bounds the table anyway. */
export const MAX_TO = 1_000_000;

export interface LabDeps {
  /** The compiler and a sandbox, only asked for when student code must run. */
  tools: () => Promise<SandboxTools>;
  limits?: SearchLimits;
  /** Tables of a built-in game with more states than this are refused as "over the work cap" (quick path). */
  quickStates?: number;
  /**
   * Wall-clock limit of an octal or subtraction table (the fast loop, which has no state cap);
   * none when absent (the command line).
   */
  timeMs?: number;
  /** Told the fraction of the table done (0..1) now and then while a fast table is computed. */
  onProgress?: (fraction: number) => void;
  /** A fast table computed a slice at a time, able to give its thread away between slices (a lab job). */
  slices?: Slices;
}

/** A lab job of a built-in game may compute this long. */
export const BUILTIN_JOB_MS = 60_000;

function presetDecl(spec: Exclude<GameSpec, { kind: 'problem' | 'source' }>): { name: string; decl: GameDeclaration } {
  try {
    switch (spec.kind) {
      case 'octal':
        return { name: `octal ${spec.code.trim()}`, decl: octalGame(spec.code) };
      case 'subtract': {
        const set = parseSubtractionSet(spec.set);
        return { name: `subtraction {${set.join(', ')}}`, decl: subtractionGame(set) };
      }
      case 'nim':
        return { name: 'Nim heap', decl: nimGame };
      case 'bash':
        return { name: 'Bash', decl: bashGame };
    }
  } catch (e) {
    if (e instanceof PresetError) throw new LabError(e.said, false, true);
    throw e;
  }
}

export async function builtinGame(spec: Exclude<GameSpec, { kind: 'source' }>): Promise<{ game: LabGame; about: string; problem: string | null }> {
  let name: string;
  let decl: GameDeclaration;
  let problem: string | null = null;
  if (spec.kind === 'problem') {
    if (!hasGame(spec.slug)) throw new LabError(`problem "${spec.slug}" declares no game`, false, true);
    decl = await loadGame(spec.slug);
    name = spec.slug;
    problem = spec.slug;
  } else ({ name, decl } = presetDecl(spec));
  const settings = 'settings' in spec ? spec.settings : undefined;
  try {
    return { game: instantiate(name, decl, settings ?? {}), about: decl.about, problem };
  } catch (e) {
    if (e instanceof SettingError) throw new LabError(e.said, false, true);
    throw e;
  }
}

function checkTo(to: number | undefined): void {
  if (to !== undefined && (!Number.isInteger(to) || to < 0 || to > MAX_TO)) throw new LabError(said('lab.range-bound-got', MAX_TO, to), false, true);
}

export async function runLab(req: LabRequest, deps: LabDeps): Promise<LabResult> {
  const started = performance.now();
  checkTo(req.to);
  const limits = deps.limits ?? DEFAULT_LIMITS;
  if (req.game.kind === 'source') {
    const tools = await deps.tools();
    const { runStudentCode } = await studentRunner();
    const a = await runStudentCode(tools, { game: req.game.source, conjecture: req.conjecture ?? null }, { mode: 'table', to: req.to ?? null, defaultTo: SOURCE_DEFAULT_TO, optionsStates: OPTIONS_STATES, optionsComponents: OPTIONS_COMPONENTS, ...limits });
    const meta = { name: 'your game', about: 'a state of your game', dims: a.dims, paramNames: a.paramNames, settings: {}, from: a.from, to: a.to, bound: a.bound, problem: null, spec: null };
    return finish(meta, a.values!, a.loopy, a.cycleAt, a.visited, a.conjecture, a.options, started, null);
  }
  const { game, about, problem } = await builtinGame(req.game);
  const top = req.to ?? game.defaultTo;
  const to = game.min.map((m, d) => Math.min(Math.max(top, m), game.max[d]!));
  if (deps.quickStates !== undefined && to.reduce((n, t, d) => n * (t - game.min[d]! + 1), 1) > deps.quickStates) throw new LabError('a big table', true);
  let search;
  let proof: { byPeriodFrom: number | null; analysis: SequenceAnalysis | null } | null = null;
  const rule = heapRuleOf(req.game, game.settings);
  try {
    if (rule) {
      // Heap arithmetic: the typed-array loop, bounded by time (and by work on the quick path).
      const fastLimits = { workCap: deps.limits?.workCap ?? Number.POSITIVE_INFINITY, timeMs: deps.timeMs ?? Number.POSITIVE_INFINITY, onProgress: deps.onProgress };
      const fast = deps.slices ? await heapSearchSliced(game, rule, to[0]!, fastLimits, deps.slices) : heapSearch(game, rule, to[0]!, fastLimits);
      search = fast;
      proof = { byPeriodFrom: fast.byPeriodFrom, analysis: fast.analysis };
    } else search = searchTable(game, game.min, to, limits);
  } catch (e) {
    if (e instanceof GameError) throw new LabError(sentenceOf(e), e.reason === 'work');
    if (e instanceof FastTableStopped) throw new LabError(stoppedMessage(e, req.game, game.settings, to[0]!), e.reason === 'work');
    throw e;
  }
  let conjecture: ConjectureAnswer | null = null;
  if (req.conjecture !== undefined) {
    const tools = await deps.tools();
    const { runStudentCode } = await studentRunner();
    const a = await runStudentCode(tools, { game: null, conjecture: req.conjecture }, { mode: 'check', to: null, defaultTo: 0, optionsStates: 0, optionsComponents: 0, ...limits, states: search.states, values: search.values });
    conjecture = a.conjecture && { ...a.conjecture, options: a.conjecture.state ? search.optionsOf(a.conjecture.state) : null };
  }
  const meta = { name: game.name, about, dims: game.dims, paramNames: game.paramNames, settings: game.settings, from: game.min, to, bound: game.bound, problem, spec: req.game };
  const options = search.states.length <= OPTIONS_STATES ? tableOptions(search, OPTIONS_COMPONENTS) : null;
  return finish(meta, search.values, search.loopy, search.cycleAt, search.visited, conjecture, options, started, proof);
}

function stoppedMessage(e: FastTableStopped, spec: GameSpec, settings: Settings, to: number): string {
  const head = `the table stopped at n = ${e.reached} after ${(e.ms / 1000).toFixed(1)} s`;
  if (e.reason === 'work') return `${head}: over the quick path's work cap`;
  return `${head}, the time limit of a lab job of a built-in game (${BUILTIN_JOB_MS / 1000} s), with no period proven yet; to go further, compute it on the command line, which has no time limit (${cliCommand(spec, settings, to)}), or ask for a range up to about n = ${e.reached}`;
}

/**
 * The options of one state of a built-in game, components as tuples: for hover text on tables too
 * big to carry every state's options.
 */
export async function builtinOptions(spec: Exclude<GameSpec, { kind: 'source' }>, state: number[]): Promise<number[][][]> {
  const { game } = await builtinGame(spec);
  if (state.length !== game.dims || state.some((x, d) => !Number.isInteger(x) || x < game.min[d]! || x > game.max[d]!)) {
    throw new LabError(`${formatState(state)} is not a state of ${game.name}`, false, true);
  }
  const raw = game.options(state) as (number | number[])[][];
  return raw.map((option) => {
    if (game.dims > 1 && option.length > 0 && typeof option[0] === 'number') {
      const flat = option as number[];
      return Array.from({ length: flat.length / game.dims }, (_, i) => flat.slice(i * game.dims, (i + 1) * game.dims));
    }
    return option.map((c) => (typeof c === 'number' ? [c] : c));
  });
}

/** Default upper bound for student games, which declare none. */
const SOURCE_DEFAULT_TO = 30;

/** A conjecture checked in this process (tests, trusted callers): same rules as in the sandbox. */
export function checkLocally(result: LabResult, answer: (...state: number[]) => unknown, optionsOf?: (s: number[]) => OptionInfo[] | null): ConjectureAnswer {
  const v = checkConjecture(result.states, result.values, (s) => answer(...s));
  return { ...v, options: v.state && optionsOf ? optionsOf(v.state) : null };
}

function finish(
  meta: LabResult['game'],
  values: TableValue[],
  loopy: boolean,
  cycleAt: number[] | null,
  visited: number,
  conjecture: ConjectureAnswer | null,
  options: OptionInfo[][] | null,
  started: number,
  proof: { byPeriodFrom: number | null; analysis: SequenceAnalysis | null } | null,
): LabResult {
  const states = boxStates(meta.from, meta.to);
  let analysis: SequenceAnalysis | null = null;
  let grid: GridAnalysis | null = null;
  const summary: string[] = [];
  if (loopy) {
    const count = (o: string) => values.filter((v) => v === o).length;
    summary.push(`the move graph has a cycle (through ${formatState(cycleAt ?? [])}): outcomes by retrograde analysis from the terminal states, ${count('W')} Win, ${count('L')} Lose, ${count('D')} Draw`);
  }
  if (!loopy && meta.dims === 1) {
    analysis = proof?.analysis ?? analyseSequence(values as number[], meta.from[0]!, meta.bound);
    summary.push(describeSequence(analysis, proof?.byPeriodFrom ?? values.length));
    if (proof?.byPeriodFrom != null) summary.push(describeByPeriod(analysis!, proof.byPeriodFrom, meta.to[0]!));
  }
  if (meta.dims === 2) {
    const rows = meta.to[0]! - meta.from[0]! + 1;
    const cols = meta.to[1]! - meta.from[1]! + 1;
    const cells = Array.from({ length: rows }, (_, i) => values.slice(i * cols, (i + 1) * cols));
    grid = analyseGrid(cells, [meta.from[0]!, meta.from[1]!]);
    summary.push(...describeGrid(grid, [meta.paramNames[0]!, meta.paramNames[1]!]));
  }
  if (conjecture) summary.push(describeConjecture(conjecture));
  const byPeriodFrom = proof?.byPeriodFrom ?? null;
  return { game: meta, states, values, loopy, cycleAt, visited, analysis, grid, conjecture, options, summary, ms: Math.round(performance.now() - started), byPeriodFrom, count: states.length };
}

/** "values from n = 174 to 1000000 follow from the proven period (G(n) = G(n − 34)); G(n) was computed up to n = 173" */
export function describeByPeriod(a: SequenceAnalysis, from: number, to: number): string {
  return `values from n = ${from} to ${to} follow from the proven period (G(n) = G(n − ${a.period})); G(n) was computed up to n = ${from - 1}`;
}

export function describeConjecture(c: ConjectureAnswer): string {
  if (c.holds) return `conjecture holds on all ${c.checked} states`;
  const at = c.state ? formatState(c.state) : '?';
  if (c.problem) return `conjecture fails at ${at}: ${c.problem}`;
  const opts = c.options ? `; its options: ${c.options.length ? c.options.map(describeOption).join('; ') : 'none'}` : '';
  return `conjecture fails at ${at}: the table says ${JSON.stringify(c.expected)}, the conjecture ${JSON.stringify(c.got)}${opts}`;
}

export function describeOption(o: OptionInfo): string {
  const parts = o.components.map((c) => formatState(c));
  return `${parts.length ? parts.join(' + ') : 'nothing left'} → ${o.value}`;
}

/**
 * The student-code runner (it compiles with TypeScript), loaded only where student code runs: in a
 * judge thread. The web tier computes built-in games only and never loads the compiler, and nor does
 * a command-line table of a built-in game (the compiler was most of its start-up).
 */
function studentRunner(): Promise<typeof import('./run-source')> {
  return import('./run-source');
}
