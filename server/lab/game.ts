/**
 * The lab's game model: a state is one to three integer parameters; `options(state)` lists the
 * positions one move reaches, each a sum of component states whose SG values XOR. Problem packages
 * declare their game with `defineGame` in problems/<slug>/game.ts.
 */
import { said, SaidError } from '../text/messages';
import type { SearchGame } from './search';

/** A component state: a number for one-parameter games, a tuple otherwise. */
export type Component = number | number[];
/**
 * One move: the sum of games it leaves (an empty list: nothing is left). Games of two or three
 * parameters may also write an option flat, [x1, y1, x2, y2], to spare an array per component.
 */
export type Option = Component[] | number[];

export interface ParamSpec {
  name: string;
  /** Smallest value (the game's smallest state). */
  min: number;
  /** Largest value options may reach; unbounded when absent. */
  max?: number;
}

/** A number the whole game depends on (Bash's m, the monster game's k), chosen by the student. */
export interface SettingSpec {
  name: string;
  default: number;
  min: number;
  max: number;
  /** One line: what it is. */
  about: string;
}

export type Settings = Record<string, number>;

export interface GameDeclaration {
  /** What one state of this table is, in a sentence (e.g. "one pair of piles (x, y)"). */
  about: string;
  params: ParamSpec[] | ((s: Settings) => ParamSpec[]);
  settings?: SettingSpec[];
  /** Default upper bound of every parameter in a table. */
  defaultTo: number;
  /**
   * The most tokens one move removes, for octal and subtraction games: then a period is proven by
   * the Guy–Smith bound. Absent (null) for other games.
   */
  bound?: (s: Settings) => number | null;
  options(state: number[], s: Settings): Option[];
  /** How a state's value answers the problem (e.g. "the pair loses when its value is 0"). */
  reading?: string;
}

/** Identity helper that type-checks a declaration. */
export function defineGame(decl: GameDeclaration): GameDeclaration {
  return decl;
}

/** A game ready to search: bounds resolved, settings bound. */
export interface LabGame extends SearchGame {
  name: string;
  paramNames: string[];
  bound: number | null;
  defaultTo: number;
  settings: Settings;
}

export class SettingError extends SaidError {}

/** Resolves settings (defaults, ranges) and returns the searchable game. */
export function instantiate(name: string, decl: GameDeclaration, given: Settings = {}): LabGame {
  const settings: Settings = {};
  const specs = decl.settings ?? [];
  for (const key of Object.keys(given)) {
    if (!specs.some((s) => s.name === key)) {
      const known = specs.length ? specs.map((s) => s.name).join(', ') : 'none';
      throw new SettingError(said('lab.no-parameter', name, key, known));
    }
  }
  for (const spec of specs) {
    const v = given[spec.name] ?? spec.default;
    if (!Number.isInteger(v) || v < spec.min || v > spec.max) throw new SettingError(said('lab.setting-range', spec.name, spec.min, spec.max, v));
    settings[spec.name] = v;
  }
  const params = typeof decl.params === 'function' ? decl.params(settings) : decl.params;
  return {
    name,
    dims: params.length,
    min: params.map((p) => p.min),
    max: params.map((p) => p.max ?? Number.POSITIVE_INFINITY),
    paramNames: params.map((p) => p.name),
    bound: decl.bound ? decl.bound(settings) : null,
    defaultTo: decl.defaultTo,
    settings,
    options: (state) => decl.options(state, settings),
  };
}
