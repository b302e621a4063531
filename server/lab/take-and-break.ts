/**
 * A student's game that declares `export const bound = k` claims to be a take-and-break game like
 * an octal game: every move takes 1 to k tokens from a heap of n and leaves nothing, one heap or
 * two non-empty heaps, by one rule whatever n is. The Guy–Smith bound proves periods of exactly
 * such games, so the claim is checked on every state of the table before the lab proves anything:
 * a move beyond the bound, or a rule that changes with n, is an error naming the state and the move.
 *
 * Bundled into the sandbox driver with the search: it imports nothing at run time but search.ts.
 */
import { GameError } from './search';

/** Largest bound a game may declare: the lab's largest range (a bigger one could never be met). */
export const MAX_BOUND = 1_000_000;

/** The declared bound, or null when the game declares none; a GameError for a bad declaration. */
export function declaredBound(mod: Record<string, unknown>, dims: number, min: number[], max: number[]): number | null {
  const v = mod.bound;
  if (v === undefined) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_BOUND) {
    throw new GameError(`export const bound must be an integer in [1, ${MAX_BOUND}] (the most tokens one move removes), not ${typeof v === 'number' ? v : typeof v}`);
  }
  if (dims !== 1) throw new GameError(`export const bound is for a game of one heap (options(n)), not of ${dims} parameters`);
  if (min[0] !== 0 || max[0] !== Number.POSITIVE_INFINITY) throw new GameError('a game with export const bound is a heap of any size n ≥ 0: leave out min and max');
  return v;
}

const heapsText = (heaps: number[]): string => (heaps.length === 0 ? 'nothing' : heaps.join(' + '));

/** The options of n as heaps left (components of size 0 are empty heaps and dropped). */
type OptionsOf = (n: number) => number[][];

/**
 * Checks the options of n = 0..to against the declared bound: each move removes 1..bound tokens
 * and leaves at most two heaps; for each number j of tokens removed, leaving one heap is allowed at
 * every n > j or at none, and leaving two is allowed as every split of n − j into two non-empty
 * heaps or none, the same at every n. Throws a GameError naming the first state that breaks it.
 */
export function checkTakeAndBreak(bound: number, to: number, optionsOf: OptionsOf): void {
  // The j for which leaving one heap (two heaps) is allowed. A move removing j first applies at
  // n = j + 1 (one heap) or j + 2 (two): allowed there, it must be allowed at every larger n; absent
  // there, at none. Only the moves a state has and the rules seen are visited, never every j ≤ bound.
  const ones = new Set<number>();
  const twos = new Set<number>();
  const changed = (n: number, j: number, what: string, now: boolean, first: number): never => {
    const does = (yes: boolean) => (yes ? 'can' : 'cannot');
    throw new GameError(
      `options(${n}): a move ${does(now)} remove ${j} and leave ${what}, but from ${first} it ${does(!now)}; a game with export const bound follows one take-and-break rule whatever the heap's size (as octal games do), which is what lets the Guy–Smith bound prove its period`,
    );
  };
  for (let n = 0; n <= to; n++) {
    const one = new Set<number>();
    // Smaller heap of each two-heap option, by the number of tokens removed.
    const splits = new Map<number, Set<number>>();
    optionsOf(n).forEach((option, i) => {
      const heaps = option.filter((h) => h > 0).sort((a, b) => a - b);
      const j = n - heaps.reduce((s, h) => s + h, 0);
      if (j < 1 || j > bound) {
        throw new GameError(`options(${n}): option ${i + 1} leaves ${heapsText(heaps)}, removing ${j} tokens; the game declares export const bound = ${bound}, so a move removes 1 to ${bound}`);
      }
      if (heaps.length > 2) throw new GameError(`options(${n}): option ${i + 1} leaves ${heaps.length} heaps (${heapsText(heaps)}); a game with export const bound leaves at most two`);
      if (heaps.length === 1) one.add(j);
      if (heaps.length === 2) {
        if (!splits.has(j)) splits.set(j, new Set());
        splits.get(j)!.add(heaps[0]!);
      }
    });
    for (const j of one) {
      if (j + 1 === n) ones.add(j);
      else if (!ones.has(j)) changed(n, j, 'one heap', true, j + 1);
    }
    for (const j of ones) if (j < n && !one.has(j)) changed(n, j, 'one heap', false, j + 1);
    for (const [j, smaller] of splits) {
      const all = Math.floor((n - j) / 2);
      if (smaller.size !== all) {
        let missing = 1;
        while (smaller.has(missing)) missing++;
        throw new GameError(`options(${n}): some moves remove ${j} and leave two heaps, but none leaves ${missing} + ${n - j - missing}; a game with export const bound that splits a heap allows every split (as octal games do)`);
      }
      if (j + 2 === n) twos.add(j);
      else if (!twos.has(j)) changed(n, j, 'two heaps', true, j + 2);
    }
    for (const j of twos) if (j + 2 <= n && !splits.has(j)) changed(n, j, 'two heaps', false, j + 2);
  }
}
