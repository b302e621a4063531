/**
 * How many option components one state of a built-in game has, counted by arithmetic before any
 * option is listed: a request for the options of a state too big to show is refused in
 * microseconds, never after building millions of arrays (which could take the lab thread, and every
 * request waiting on it, down at its heap limit).
 */
import type { GameSpec } from './lab';
import type { LabGame } from './game';
import { octalDigits, parseSubtractionSet } from './presets';
import { DEFAULT_LIMITS } from './search';

/** Why a state's options are refused unlisted, or null when they may be listed. */
export type OptionsRefusal = { reason: 'components'; components: number } | { reason: 'box'; states: number };

/**
 * Components the options of `state` have (each option counts its components, at least 1, as the
 * lab thread counts them), for the presets whose rule is arithmetic: exact, or an upper bound.
 * Null for a problem's game, whose options function is code.
 */
export function countComponents(spec: Exclude<GameSpec, { kind: 'source' }>, game: LabGame, state: number[]): number | null {
  const n = state[0]!;
  switch (spec.kind) {
    case 'octal': {
      let total = 0;
      const digits = octalDigits(spec.code);
      for (let j = 1; j <= digits.length && j <= n; j++) {
        const d = digits[j - 1]!;
        const rest = n - j;
        if (rest === 0 && d & 1) total += 1;
        if (rest > 0 && d & 2) total += 1;
        // Splits into two non-empty heaps a + b = rest with a <= b: floor(rest / 2) options of 2 components.
        if (rest >= 2 && d & 4) total += 2 * Math.floor(rest / 2);
      }
      return total;
    }
    case 'subtract':
      return parseSubtractionSet(spec.set).filter((s) => s <= n).length;
    case 'nim':
      return n;
    case 'bash':
      return Math.min(n, game.settings.m ?? 3);
    case 'problem':
      return null;
  }
}

/**
 * A state's options refused by counting: more components than `maxComponents`, or (a problem's game
 * of two or three parameters) a state outside every table the lab computes (the box from the
 * smallest state up to it holds more states than the lab's state cap), so no page can ask for it.
 */
export function refuseOptions(spec: Exclude<GameSpec, { kind: 'source' }>, game: LabGame, state: number[], maxComponents: number): OptionsRefusal | null {
  const components = countComponents(spec, game, state);
  if (components !== null) return components > maxComponents ? { reason: 'components', components } : null;
  if (game.dims === 1) return null;
  const states = state.reduce((p, x, d) => p * (x - game.min[d]! + 1), 1);
  return states > DEFAULT_LIMITS.stateCap ? { reason: 'box', states } : null;
}
