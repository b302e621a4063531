/**
 * A problem's probe: how one state of its lab game becomes one case of the problem's input and how
 * one answer of the program reads as win or lose. Declared in problems/<slug>/probe.ts beside the
 * game (problems/<slug>/game.ts); the mistake map runs a program on a grid of states through it.
 */
import type { Settings } from '../lab/game';

/** The program's answer on one state: the mover wins, loses, or no answer (crash, TLE, bad output). */
export type Got = 'W' | 'L' | '?';

export interface Probe {
  /** Settings of the lab game the grid is drawn for (Bash's m); the game's defaults otherwise. */
  settings?: Settings;
  /** Names of the grid's parameters (the lab game's, unless the probe plays another state). */
  params: string[];
  /** Smallest and largest value of each parameter of the grid, inside the problem's constraints. */
  from: number[];
  to: number[];
  /** Distance between two asked values along each axis (2: every other n); 1 when absent. */
  step?: number;
  /** What one grid state is as a position of the problem, in both languages. */
  about: { en: string; zh: string };
  /**
   * The lab states whose values XOR to the grid state's value (0: the mover loses); the state
   * itself when absent. A problem whose single state always wins (one pile of Lasker's Nim: take
   * it all) is asked about two, so the map shows where their sum loses.
   */
  labStates?: (state: number[]) => number[][];
  /** Most states one input file may ask (the problem's limit on cases per file). */
  perRun: number;
  /** The input text asking every given state, in order: one case each. */
  input(states: number[][]): string;
  /** The answers read from the program's output, one per asked state, in order (null: not an answer). */
  read(output: string, count: number): ('W' | 'L' | null)[];
}

export function defineProbe(p: Probe): Probe {
  return p;
}

/** The output's lines, without line ends (a last empty line after the final newline dropped). */
export function outputLines(output: string): string[] {
  const lines = output.split('\n').map((l) => l.replace(/\r$/, '').trim());
  if (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** One answer per line: each line is looked up in `words` (e.g. {first: 'W', second: 'L'}). */
export function linePerCase(words: Record<string, 'W' | 'L'>) {
  return (output: string, count: number): ('W' | 'L' | null)[] => {
    const lines = outputLines(output).filter((l) => l !== '');
    return Array.from({ length: count }, (_, i) => (Object.hasOwn(words, lines[i] ?? '') ? words[lines[i]!]! : null));
  };
}

/** Every state of the grid, in lexicographic order (the lab table's order). */
export function gridStates(p: Probe): number[][] {
  const step = p.step ?? 1;
  if (p.from.length === 1) {
    const out: number[][] = [];
    for (let n = p.from[0]!; n <= p.to[0]!; n += step) out.push([n]);
    return out;
  }
  const out: number[][] = [];
  for (let x = p.from[0]!; x <= p.to[0]!; x += step) for (let y = p.from[1]!; y <= p.to[1]!; y += step) out.push([x, y]);
  return out;
}
