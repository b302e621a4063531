/**
 * Checking a conjectured closed form against the table: the first state (lexicographic order) where
 * it disagrees, with the true value. Self-contained (only the message table, plain data): the sandbox driver
 * bundles it to check a student's conjecture next to a student's game.
 */

import { english, said, type Said } from '../text/messages';

/** A table value: an SG value, or an outcome 'W' / 'L' / 'D' for a game with cycles. */
export type TableValue = number | string;

export interface ConjectureVerdict {
  holds: boolean;
  /** States checked (all of the table when it holds). */
  checked: number;
  /** The first failing state, its true value (in the conjecture's terms) and what the conjecture said. */
  state: number[] | null;
  expected: unknown;
  got: unknown;
  /** Set when the conjecture's answer cannot be compared at all (wrong type). */
  problem: string | null;
  /** The same as a message id and arguments (server/text/messages.ts), when `problem` is set. */
  problemSaid?: Said;
}

const problemOf = (s: Said) => ({ problem: english(s), problemSaid: s });

/**
 * What the table says in the form the conjecture answered in: a number is compared with the SG
 * value, a boolean with "the mover wins", a letter W / L / D with the outcome.
 */
function expectedFor(value: TableValue, got: unknown): { expected: unknown; problem: string | null; problemSaid?: Said } {
  const wins = typeof value === 'number' ? value !== 0 : value === 'W' ? true : value === 'L' ? false : null;
  if (typeof got === 'boolean') return { expected: wins === null ? 'D' : wins, problem: null };
  if (typeof got === 'number') {
    if (typeof value !== 'number') return { expected: value, ...problemOf(said('lab.conjecture-loopy')) };
    return { expected: value, problem: null };
  }
  if (got === 'W' || got === 'L' || got === 'D') return { expected: typeof value === 'number' ? (value !== 0 ? 'W' : 'L') : value, problem: null };
  return { expected: value, ...problemOf(said('lab.conjecture-returned', typeof got === 'string' ? JSON.stringify(got) : String(got))) };
}

/** Compares answers in table order; `answer(i)` may throw (a bug in the conjecture is reported as such). */
export function checkConjecture(states: number[][], values: TableValue[], answer: (state: number[], i: number) => unknown): ConjectureVerdict {
  for (let i = 0; i < states.length; i++) {
    const state = states[i]!;
    let got: unknown;
    try {
      got = answer(state.slice(), i);
    } catch (e) {
      return { holds: false, checked: i + 1, state, expected: values[i], got: null, ...problemOf(said('lab.conjecture-threw', `(${state.join(', ')})`, e instanceof Error ? `${e.name}: ${e.message}` : String(e))) };
    }
    const { expected, problem, problemSaid } = expectedFor(values[i]!, got);
    if (problem) return { holds: false, checked: i + 1, state, expected, got, problem, ...(problemSaid && { problemSaid }) };
    if (expected !== got) return { holds: false, checked: i + 1, state, expected, got, problem: null };
  }
  return { holds: true, checked: states.length, state: null, expected: null, got: null, problem: null };
}
