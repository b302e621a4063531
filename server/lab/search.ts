/**
 * The lab's search: SG values of every state in a box by memoised search, or, when the move graph
 * has a cycle, Win / Lose / Draw by retrograde analysis from the terminal states.
 *
 * This module imports only the message table (plain data) at run time: it is also bundled into the
 * sandbox driver, where it runs a student's `options()`; so it must stay plain, self-contained code.
 */
import { english, said, type Said } from '../text/messages';

/** What the search needs of a game: its dimension, bounds per parameter and its moves. */
export interface SearchGame {
  /** Number of integer parameters of a state, 1..3. */
  dims: number;
  /** Smallest allowed value of each parameter. */
  min: number[];
  /** Largest allowed value of each parameter (options beyond it are an error). */
  max: number[];
  /**
   * The options of a state: each option is a list of component states whose values XOR (a sum of
   * games). A component is a number for a one-parameter game, or a tuple.
   */
  options(state: number[]): unknown;
  /** Parameter names, for messages. */
  paramNames?: string[];
}

export interface SearchLimits {
  /** Most distinct states the search may visit (table and beyond). */
  stateCap: number;
  /** Most option components it may examine: bounds the work of a game with huge option lists. */
  workCap: number;
}

export const DEFAULT_LIMITS: SearchLimits = { stateCap: 1_000_000, workCap: 200_000_000 };

/** A state and its options as found by the search, for counterexamples and hover text. */
export interface OptionInfo {
  /** Component states of the option. */
  components: number[][];
  /** XOR of the components' values (SG tables), or the outcome of the one component (loopy games). */
  value: number | string;
}

export type Outcome = 'W' | 'L' | 'D';

export interface SearchResult {
  /** The table's states in lexicographic order. */
  states: number[][];
  /** SG values (acyclic games) or outcomes 'W' / 'L' / 'D' (games with a cycle), by state. */
  values: number[] | Outcome[];
  /** True when the move graph has a cycle: values are outcomes, not SG values. */
  loopy: boolean;
  /** A state on a cycle, when loopy. */
  cycleAt: number[] | null;
  /** Distinct states the search visited (the table and everything its options reach). */
  visited: number;
  /** The options of any visited state (the table's states and what they reach). */
  optionsOf(state: number[]): OptionInfo[] | null;
}

/** A mistake in the game (bad options, over a cap): the message names the state. */
export class GameError extends Error {
  /** 'work': the search went over its work cap (a caller may retry with a bigger one). */
  readonly said: Said | null;
  constructor(
    message: string | Said,
    readonly reason: 'game' | 'work' = 'game',
  ) {
    super(typeof message === 'string' ? message : english(message));
    this.said = typeof message === 'string' ? null : message;
    this.name = 'GameError';
  }
}

/**
 * The options of every state of the table, for hover text, while they stay small (at most
 * `maxComponents` components in all); null when there are more.
 */
export function tableOptions(r: SearchResult, maxComponents: number): OptionInfo[][] | null {
  const out: OptionInfo[][] = [];
  let total = 0;
  for (const s of r.states) {
    const o = r.optionsOf(s) ?? [];
    for (const x of o) total += x.components.length + 1;
    if (total > maxComponents) return null;
    out.push(o);
  }
  return out;
}

export function formatState(state: readonly number[]): string {
  return `(${state.join(', ')})`;
}

/** Every state of the box from..to (inclusive per parameter), lexicographic order. */
export function boxStates(from: number[], to: number[]): number[][] {
  const out: number[][] = [];
  const cur = from.slice();
  if (from.some((f, i) => f > to[i]!)) return out;
  for (;;) {
    out.push(cur.slice());
    let d = cur.length - 1;
    while (d >= 0 && cur[d] === to[d]) {
      cur[d] = from[d]!;
      d--;
    }
    if (d < 0) return out;
    cur[d]!++;
  }
}

/** Bits per parameter in a state's numeric key: states must fit in a double exactly. */
const KEY_BITS = [0, 52, 26, 17];

const DONE = 2;
const OPEN = 1;

class CycleFound {
  constructor(readonly at: number[]) {}
}

const describe = (v: unknown): string => {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return v.length > 6 ? `an array of ${v.length}` : `[${v.map(describe).join(', ')}]`;
  return typeof v;
};

/**
 * Computes the table of `game` over the box from..to. Throws GameError naming the state for bad
 * options, states out of range and searches over a cap; never anything else for a game's mistake.
 */
export function searchTable(game: SearchGame, from: number[], to: number[], limits: SearchLimits = DEFAULT_LIMITS): SearchResult {
  const dims = game.dims;
  if (!(dims >= 1 && dims <= 3)) throw new GameError(`a game has 1 to 3 parameters, not ${dims}`);
  const bits = KEY_BITS[dims]!;
  const span = 2 ** bits;
  let boxSize = 1;
  for (let d = 0; d < dims; d++) boxSize *= Math.max(0, to[d]! - from[d]! + 1);
  if (boxSize > limits.stateCap) throw new GameError(said('lab.state-cap', boxSize, limits.stateCap));

  const keyOf = (s: number[]): number => {
    let k = 0;
    for (let d = 0; d < dims; d++) k = k * span + s[d]!;
    return k;
  };

  const boxes = boxStates(from, to);
  for (const s of boxes.length ? [boxes[0]!, boxes[boxes.length - 1]!] : []) {
    for (let d = 0; d < dims; d++) {
      if (s[d]! < game.min[d]! || s[d]! > game.max[d]!) throw new GameError(`the range includes ${formatState(s)}, outside the game's range (${paramRange(game)})`);
    }
  }
  // States of the table have dense ids (their position in lexicographic order), found by
  // arithmetic; states beyond it get ids from a map. Both matter for speed: splitting games look
  // up tens of millions of components.
  const [f0, f1, f2] = [from[0]!, from[1] ?? 0, from[2] ?? 0];
  const [t0, t1, t2] = [to[0]!, to[1] ?? 0, to[2] ?? 0];
  const n1 = t1 - f1 + 1;
  const n2 = t2 - f2 + 1;
  const boxId = (s: number[]): number => {
    const a = s[0]!;
    if (!(a >= f0 && a <= t0)) return -1;
    if (dims === 1) return a - f0;
    const b = s[1]!;
    if (!(b >= f1 && b <= t1)) return -1;
    if (dims === 2) return (a - f0) * n1 + (b - f1);
    const c = s[2]!;
    if (!(c >= f2 && c <= t2)) return -1;
    return ((a - f0) * n1 + (b - f1)) * n2 + (c - f2);
  };

  // Per visited state: its tuple, status and value (options are kept only while it is open).
  const index = new Map<number, number>();
  const tuples: number[][] = boxes.slice();
  const status: number[] = new Array<number>(boxSize).fill(0);
  const value: number[] = new Array<number>(boxSize).fill(0);
  let work = 0;

  /** Checks one component of option i of `state` and returns its state id (creating it if new). */
  const componentId = (raw: unknown, state: number[], i: number): number => {
    // Fast paths: a component inside the table (a number, or a tuple of integers).
    if (dims === 1) {
      if (typeof raw === 'number' && raw >= f0 && raw <= t0 && (raw | 0) === raw) return raw - f0;
    } else if (Array.isArray(raw) && raw.length === dims) {
      const a = raw[0] as unknown;
      const b = raw[1] as unknown;
      if (typeof a === 'number' && typeof b === 'number' && a >= f0 && a <= t0 && b >= f1 && b <= t1 && (a | 0) === a && (b | 0) === b) {
        if (dims === 2) return (a - f0) * n1 + (b - f1);
        const c = raw[2] as unknown;
        if (typeof c === 'number' && c >= f2 && c <= t2 && (c | 0) === c) return ((a - f0) * n1 + (b - f1)) * n2 + (c - f2);
      }
    }
    let tuple: unknown = raw;
    if (dims === 1 && typeof raw === 'number') tuple = [raw];
    if (!Array.isArray(tuple) || tuple.length !== dims) {
      throw new GameError(
        `options${formatState(state)}: option ${i + 1} has the component ${describe(raw)}; a component is ${dims === 1 ? 'a number (a state of the game)' : `a tuple of ${dims} integers`}`,
      );
    }
    for (let d = 0; d < dims; d++) {
      const x = tuple[d] as unknown;
      if (typeof x !== 'number' || !Number.isInteger(x)) {
        throw new GameError(`options${formatState(state)}: option ${i + 1} has the component ${describe(raw)}, which is not ${dims === 1 ? 'an integer' : 'a tuple of integers'}`);
      }
      if (x < game.min[d]! || x > game.max[d]!) {
        throw new GameError(`options${formatState(state)}: option ${i + 1} reaches ${formatState(tuple as number[])}, outside the game's range (${paramRange(game)})`);
      }
      if (x >= span) throw new GameError(`options${formatState(state)}: option ${i + 1} reaches ${formatState(tuple as number[])}, too large for the lab (each parameter below ${span})`);
    }
    return idOf(tuple as number[]);
  };

  const idOf = (s: number[]): number => {
    const inBox = boxId(s);
    if (inBox >= 0) return inBox;
    const k = keyOf(s);
    let id = index.get(k);
    if (id === undefined) {
      id = tuples.length;
      if (id >= limits.stateCap) throw new GameError(said('lab.search-cap', limits.stateCap, formatState(s)));
      index.set(k, id);
      tuples.push(s.slice());
      status.push(0);
      value.push(0);
    }
    return id;
  };

  /**
   * Calls the game's options() and checks every component. The options come back flat: component
   * ids, and where each option starts (one allocation per state, not per option).
   */
  let scratch = new Int32Array(1024);
  const expand = (id: number): Expanded => {
    const state = tuples[id]!;
    let raw: unknown;
    try {
      raw = game.options(state.slice());
    } catch (e) {
      if (e instanceof GameError) throw e;
      // Where it was thrown (the top frame), for the caller to map back to the student's lines.
      const at = e instanceof Error ? /\((\S+:\d+:\d+)\)/.exec(String(e.stack ?? ''))?.[1] : undefined;
      throw new GameError(`options${formatState(state)} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}${at ? ` (at ${at})` : ''}`);
    }
    if (!Array.isArray(raw)) throw new GameError(`options${formatState(state)} returned ${describe(raw)}, not an array of options`);
    const starts = new Int32Array(raw.length + 1);
    let n = 0;
    for (let i = 0; i < raw.length; i++) {
      const option = raw[i] as unknown;
      if (!Array.isArray(option)) {
        throw new GameError(`options${formatState(state)}: option ${i + 1} is ${describe(option)}; each option is a list of component states (e.g. [3, 4] for one move to 3 + 4)`);
      }
      work += option.length + 1;
      if (work > limits.workCap) throw new GameError(said('lab.work-cap', limits.workCap, formatState(state)), 'work');
      starts[i] = n;
      if (n + option.length > scratch.length) {
        const bigger = new Int32Array(Math.max(scratch.length * 2, n + option.length));
        bigger.set(scratch);
        scratch = bigger;
      }
      if (dims > 1 && option.length > 0 && typeof option[0] === 'number') {
        // A flat option [x1, y1, x2, y2, …]: the same components without an array per tuple.
        if (option.length % dims !== 0) throw new GameError(`options${formatState(state)}: option ${i + 1} is a flat list of ${option.length} numbers, not a multiple of ${dims}`);
        for (let j = 0; j < option.length; j += dims) {
          const a = option[j] as unknown;
          const b = option[j + 1] as unknown;
          const c = dims === 3 ? (option[j + 2] as unknown) : f2;
          if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number' && a >= f0 && a <= t0 && b >= f1 && b <= t1 && c >= f2 && c <= t2 && (a | 0) === a && (b | 0) === b && (c | 0) === c) {
            scratch[n++] = dims === 2 ? (a - f0) * n1 + (b - f1) : ((a - f0) * n1 + (b - f1)) * n2 + (c - f2);
          } else scratch[n++] = componentId(option.slice(j, j + dims), state, i);
        }
      } else for (let j = 0; j < option.length; j++) scratch[n++] = componentId(option[j], state, i);
    }
    starts[raw.length] = n;
    return { starts, comps: scratch.slice(0, n) };
  };

  let seen = new Int32Array(64);
  let stamp = 0;
  const mex = (e: Expanded): number => {
    const count = e.starts.length - 1;
    if (count + 1 > seen.length) seen = new Int32Array(Math.max(count + 1, seen.length * 2));
    stamp++;
    const { starts, comps } = e;
    for (let i = 0; i < count; i++) {
      let x = 0;
      for (let j = starts[i]!; j < starts[i + 1]!; j++) x ^= value[comps[j]!]!;
      if (x < seen.length) seen[x] = stamp;
    }
    let m = 0;
    while (seen[m] === stamp) m++;
    return m;
  };

  const roots = boxes.map((_, i) => i);

  let cycleAt: number[] | null = null;
  try {
    // Iterative depth-first search: a frame is expanded once (its options fetched, unknown
    // components pushed), then finished when it is on top again. A component still open when met
    // is an ancestor on the current path: a cycle. Options are kept only while their state is
    // open, so memory follows the number of states, not of options.
    const stack: number[] = [];
    const open = new Map<number, Expanded>();
    for (const root of roots) {
      if (status[root] === DONE) continue;
      stack.push(root);
      while (stack.length > 0) {
        const id = stack[stack.length - 1]!;
        if (status[id] === DONE) {
          stack.pop();
          continue;
        }
        if (status[id] === 0) {
          status[id] = OPEN;
          const e = expand(id);
          open.set(id, e);
          const { comps } = e;
          for (let j = 0; j < comps.length; j++) {
            const c = comps[j]!;
            if (status[c] === OPEN) throw new CycleFound(tuples[c]!);
            if (status[c] === 0) stack.push(c);
          }
          if (stack[stack.length - 1] !== id) continue;
        }
        // Every component is done now (pushed ones were finished above this frame).
        value[id] = mex(open.get(id)!);
        open.delete(id);
        status[id] = DONE;
        stack.pop();
      }
    }
  } catch (e) {
    if (!(e instanceof CycleFound)) throw e;
    cycleAt = e.at;
  }

  const lookup = (s: number[]): number | undefined => {
    if (s.length !== dims || s.some((x) => !Number.isInteger(x) || x < 0 || x >= span)) return undefined;
    const inBox = boxId(s);
    return inBox >= 0 ? inBox : index.get(keyOf(s));
  };

  if (cycleAt === null) {
    return {
      states: boxes,
      values: roots.map((id) => value[id]!),
      loopy: false,
      cycleAt: null,
      visited: tuples.length,
      optionsOf: (s) => {
        const id = lookup(s);
        if (id === undefined || status[id] !== DONE) return null;
        return describeOptions(expand(id), tuples, (ids) => ids.reduce((x, c) => x ^ value[c]!, 0));
      },
    };
  }
  return retrograde(roots, boxes, cycleAt, tuples, expand, lookup);
}

interface Expanded {
  /** Option i is comps[starts[i] .. starts[i + 1]). */
  starts: Int32Array;
  comps: Int32Array;
}

function describeOptions(e: Expanded, tuples: number[][], valueOf: (ids: number[]) => number | string): OptionInfo[] {
  const out: OptionInfo[] = [];
  for (let i = 0; i + 1 < e.starts.length; i++) {
    const ids = Array.from(e.comps.subarray(e.starts[i]!, e.starts[i + 1]!));
    out.push({ components: ids.map((c) => tuples[c]!), value: valueOf(ids) });
  }
  return out;
}

/**
 * Win / Lose / Draw on a graph with cycles: terminal states lose; a state with an option to a
 * losing state wins; a state all of whose options win loses; whatever stays undecided is a draw.
 * Only single-component options make sense here (sums of loopy games have no such table).
 */
function retrograde(
  roots: number[],
  boxes: number[][],
  cycleAt: number[],
  tuples: number[][],
  expand: (id: number) => Expanded,
  lookup: (s: number[]) => number | undefined,
): SearchResult {
  // Expand everything reachable from the table, breadth first (ids grow as states are found).
  const succ: Int32Array[] = [];
  const endsGame: boolean[] = [];
  const queue = roots.slice();
  const queued = new Set<number>(queue);
  for (let q = 0; q < queue.length; q++) {
    const id = queue[q]!;
    const e = expand(id);
    const next: number[] = [];
    let toEmpty = false;
    for (let i = 0; i + 1 < e.starts.length; i++) {
      const size = e.starts[i + 1]! - e.starts[i]!;
      if (size > 1) {
        throw new GameError(
          `the game has a cycle (through ${formatState(cycleAt)}), so states get Win / Lose / Draw instead of SG values, but options${formatState(tuples[id]!)}: option ${i + 1} is a sum of ${size} components; sums of loopy games have no such table`,
        );
      }
      if (size === 0) toEmpty = true;
      else {
        const c = e.comps[e.starts[i]!]!;
        next.push(c);
        if (!queued.has(c)) {
          queued.add(c);
          queue.push(c);
        }
      }
    }
    succ[id] = Int32Array.from(next);
    endsGame[id] = toEmpty;
  }
  const n = tuples.length;
  const outcome = new Array<Outcome>(n).fill('D');
  const remaining = new Int32Array(n);
  const preds: number[][] = Array.from({ length: n }, () => []);
  const decided: number[] = [];
  for (const id of queue) {
    const list = succ[id]!;
    remaining[id] = list.length;
    for (const c of list) preds[c]!.push(id);
    // An empty option leaves nothing: the mover made the last move and wins.
    if (endsGame[id]) {
      outcome[id] = 'W';
      decided.push(id);
    } else if (list.length === 0) {
      outcome[id] = 'L';
      decided.push(id);
    }
  }
  for (let q = 0; q < decided.length; q++) {
    const id = decided[q]!;
    for (const p of preds[id]!) {
      if (outcome[p] !== 'D') continue;
      if (outcome[id] === 'L') {
        outcome[p] = 'W';
        decided.push(p);
      } else if (--remaining[p]! === 0) {
        outcome[p] = 'L';
        decided.push(p);
      }
    }
  }
  return {
    states: boxes,
    values: roots.map((id) => outcome[id]!),
    loopy: true,
    cycleAt,
    visited: n,
    optionsOf: (s) => {
      const id = lookup(s);
      if (id === undefined || succ[id] === undefined) return null;
      return describeOptions(expand(id), tuples, (ids) => (ids.length === 0 ? 'L' : outcome[ids[0]!]!));
    },
  };
}

function paramRange(game: SearchGame): string {
  const parts: string[] = [];
  for (let d = 0; d < game.dims; d++) parts.push(`${game.min[d]} ≤ ${game.paramNames?.[d] ?? `p${d + 1}`}${Number.isFinite(game.max[d]!) ? ` ≤ ${game.max[d]}` : ''}`);
  return parts.join(', ');
}
