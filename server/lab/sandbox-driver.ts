/**
 * Runs inside the sandbox, bundled with a student's game and/or conjecture (see bundle.ts): reads
 * one JSON request from standard input, computes, and prints one JSON answer. Imports only the
 * lab's self-contained modules.
 */
import { said, type Said } from '../text/messages';
import { checkConjecture, type ConjectureVerdict } from './conjecture';
import { DEFAULT_LIMITS, GameError, searchTable, tableOptions, type OptionInfo, type SearchGame } from './search';
import { checkTakeAndBreak, declaredBound } from './take-and-break';

/** A compiled module as the compiler emits it: `(async function (exports, require, module, …) {…})`. */
type ModuleFn = (exports: object, require: unknown, module: { exports: object }, filename: string, dirname: string) => Promise<void>;

export interface DriverRequest {
  /** 'table': compute the student's game (and check the conjecture if bundled); 'check': the conjecture on given values. */
  mode: 'table' | 'check';
  /** Upper bound of every parameter, or null for the game's default. */
  to: number | null;
  defaultTo: number;
  stateCap: number;
  workCap: number;
  /** Every state's options are sent back when the table has at most this many states… */
  optionsStates: number;
  /** …and they have at most this many components in all. */
  optionsComponents: number;
  /** 'check' mode: the table to compare with. */
  states?: number[][];
  values?: (number | string)[];
}

/** A conjecture's verdict, with the options of the failing state when the driver knows them. */
export type ConjectureAnswer = ConjectureVerdict & { options: OptionInfo[] | null };

export type DriverAnswer =
  | {
      ok: true;
      dims: number;
      paramNames: string[];
      from: number[];
      to: number[];
      values: (number | string)[] | null;
      loopy: boolean;
      cycleAt: number[] | null;
      visited: number;
      conjecture: ConjectureAnswer | null;
      options: OptionInfo[][] | null;
      /** The game's declared bound (export const bound), checked on every state of the table; null when it declares none. */
      bound: number | null;
    }
  | { ok: false; error: string; said?: Said };

async function load(fn: ModuleFn, require: unknown, name: string): Promise<Record<string, unknown>> {
  const module = { exports: {} as Record<string, unknown> };
  await fn(module.exports, require, module, `/${name}`, '/');
  return module.exports;
}

const ints = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x));

/** Reads the student's declaration: options(...state), and optional params, min, max, bound. */
function studentGame(mod: Record<string, unknown>): SearchGame & { paramNames: string[]; bound: number | null } {
  const options = mod.options;
  if (typeof options !== 'function') throw new GameError(said('lab.game-export'));
  let names: string[];
  if (mod.params !== undefined) {
    if (!Array.isArray(mod.params) || mod.params.some((p) => typeof p !== 'string')) throw new GameError('export const params must be a list of parameter names, e.g. ["x", "y"]');
    names = mod.params as string[];
    // The host refuses longer names (check-answer.ts); saying so here names the export to fix.
    if (names.some((p) => p.length < 1 || p.length > 40)) throw new GameError('each name in export const params must be 1 to 40 characters');
  } else {
    const arity = (options as (...a: number[]) => unknown).length;
    names = arity === 1 ? ['n'] : arity === 2 ? ['x', 'y'] : arity === 3 ? ['x', 'y', 'z'] : [];
    if (names.length === 0) throw new GameError(`options takes ${arity} parameters; a state has 1 to 3 (or export const params = ["x", "y"])`);
  }
  const dims = names.length;
  if (dims < 1 || dims > 3) throw new GameError(`a state has 1 to 3 parameters, not ${dims}`);
  const bound = (key: 'min' | 'max', fallback: number): number[] => {
    const v = mod[key];
    if (v === undefined) return new Array<number>(dims).fill(fallback);
    if (typeof v === 'number' && Number.isInteger(v)) return new Array<number>(dims).fill(v);
    if (ints(v) && v.length === dims) return v;
    throw new GameError(`export const ${key} must be an integer or a list of ${dims} integers`);
  };
  const min = bound('min', 0);
  if (min.some((m) => m < 0)) throw new GameError('states are non-negative integers: min must be ≥ 0');
  const max = mod.max === undefined ? new Array<number>(dims).fill(Number.POSITIVE_INFINITY) : bound('max', 0);
  const fn = options as (...s: number[]) => unknown;
  return { dims, min, max, paramNames: names, bound: declaredBound(mod, dims, min, max), options: (s) => fn(...s) };
}

function conjectureFn(mod: Record<string, unknown>): (s: number[]) => unknown {
  const f = mod.default;
  if (typeof f !== 'function') throw new GameError(said('lab.conjecture-export'));
  return (s) => (f as (...a: number[]) => unknown)(...s);
}

async function answer(game: ModuleFn | null, conj: ModuleFn | null, require: unknown, req: DriverRequest): Promise<DriverAnswer> {
  const conjecture = conj ? conjectureFn(await load(conj, require, 'conjecture.js')) : null;
  if (req.mode === 'check') {
    if (!conjecture || !req.states || !req.values) throw new GameError('nothing to check');
    const v = checkConjecture(req.states, req.values, conjecture);
    return { ok: true, dims: req.states[0]?.length ?? 0, paramNames: [], from: [], to: [], values: null, loopy: false, cycleAt: null, visited: 0, conjecture: { ...v, options: null }, options: null, bound: null };
  }
  if (!game) throw new GameError('no game to compute');
  const g = studentGame(await load(game, require, 'solution.js'));
  const top = req.to ?? req.defaultTo;
  const to = g.min.map((m, d) => Math.min(Math.max(top, m), g.max[d]!));
  const result = searchTable(g, g.min, to, { stateCap: req.stateCap, workCap: req.workCap });
  // A declared bound lets the host prove the period: only once every move of the table keeps to it.
  if (g.bound !== null) checkTakeAndBreak(g.bound, to[0]!, (n) => (result.optionsOf([n]) ?? []).map((o) => o.components.map((c) => c[0]!)));
  let verdict: ConjectureAnswer | null = null;
  if (conjecture) {
    const v = checkConjecture(result.states, result.values, conjecture);
    verdict = { ...v, options: v.state ? result.optionsOf(v.state) : null };
  }
  const options = result.states.length <= req.optionsStates ? tableOptions(result, req.optionsComponents) : null;
  return { ok: true, dims: g.dims, paramNames: g.paramNames, from: g.min, to, values: result.values, loopy: result.loopy, cycleAt: result.cycleAt, visited: result.visited, conjecture: verdict, options, bound: g.bound };
}

/** Entry point called by the bundle. */
export async function main(game: ModuleFn | null, conj: ModuleFn | null, require: (m: string) => unknown): Promise<void> {
  const fs = require('fs') as { readFileSync(fd: number, enc: string): string };
  const req = JSON.parse(fs.readFileSync(0, 'utf8')) as DriverRequest;
  req.stateCap ??= DEFAULT_LIMITS.stateCap;
  req.workCap ??= DEFAULT_LIMITS.workCap;
  let out: DriverAnswer;
  try {
    out = await answer(game, conj, require, req);
  } catch (e) {
    if (e instanceof GameError) out = { ok: false, error: e.message, ...(e.said && { said: e.said }) };
    else if (e instanceof RangeError && /call stack/.test(e.message)) out = { ok: false, error: `the game's code overflowed the stack (${e.message})` };
    else throw e;
  }
  process.stdout.write(JSON.stringify(out));
}
