/**
 * One-step reductions of an input, worked out on its text alone so that they apply to every problem
 * without problem-specific code: the problem's validator decides which of them are inputs at all.
 *
 * An input is lines of tokens separated by single spaces. The steps, biggest first:
 * - remove a block of consecutive lines (one test case, an edge), with or without lowering by one a
 *   count before it (on the first line, the line before, or earlier on the same line: the number of
 *   test cases, of vertices, of a case's elements);
 * - remove one token of a line (a pile, a value), with or without lowering such a count;
 * - remove one character of a word (a position of a string), with or without lowering such a count;
 * - lower one number to the smallest value the validator accepts, to half, and by one.
 */
export type TextStepKind = 'remove-lines' | 'remove-element' | 'remove-char' | 'lower-min' | 'lower-half' | 'lower-one';

export interface TextStep {
  kind: TextStepKind;
  input: string;
}

type Grid = string[][];

const NUMBER = /^-?\d+$/;
/** Largest value scanned upwards from zero for the "smallest allowed value" step. */
const MIN_SCAN = 64;

function parse(input: string): Grid {
  const body = input.endsWith('\n') ? input.slice(0, -1) : input;
  return body.split('\n').map((line) => line.split(' '));
}

function print(grid: Grid): string {
  return grid.map((tokens) => tokens.join(' ')).join('\n') + '\n';
}

function isNumber(token: string): boolean {
  return NUMBER.test(token) && Number.isSafeInteger(Number(token));
}

/**
 * The numbers a removal at (line, pos) may have to lower: counts sit at the top of the input (the
 * number of test cases, of vertices), on the line just before (a case's size) or earlier on the same
 * line (a count followed by its elements). Only numbers at least 1 strictly before (line, pos), the
 * nearest first; other numbers are left alone, which keeps each round small.
 */
function countsBefore(grid: Grid, line: number, pos: number): [number, number][] {
  const out: [number, number][] = [];
  const take = (l: number, upTo: number): void => {
    const tokens = grid[l];
    if (!tokens) return;
    for (let p = Math.min(upTo, tokens.length) - 1; p >= 0; p--) {
      if (isNumber(tokens[p]!) && Number(tokens[p]) >= 1 && !out.some(([x, y]) => x === l && y === p)) out.push([l, p]);
    }
  };
  if (line < grid.length) take(line, pos);
  if (line >= 1) take(line - 1, Infinity);
  if (line >= 2) take(0, Infinity);
  return out;
}

function lowered(grid: Grid, at: [number, number] | null): Grid {
  if (!at) return grid;
  const copy = grid.map((t) => t.slice());
  copy[at[0]]![at[1]] = String(Number(copy[at[0]]![at[1]]) - 1);
  return copy;
}

/**
 * Every valid one-step reduction of `input`, biggest first, each text once. `valid` is the
 * problem's validator; a step is listed only when the validator accepts its result.
 */
export function* textSteps(input: string, valid: (input: string) => boolean): Generator<TextStep> {
  const grid = parse(input);
  const seen = new Set<string>([input]);
  function* emit(kind: TextStepKind, g: Grid): Generator<TextStep> {
    if (g.length === 0) return;
    const text = print(g);
    if (seen.has(text)) return;
    seen.add(text);
    if (valid(text)) yield { kind, input: text };
  }
  const withCounts = function* (kind: TextStepKind, line: number, pos: number, remove: (g: Grid) => Grid): Generator<TextStep> {
    for (const at of [...countsBefore(grid, line, pos), null]) yield* emit(kind, remove(lowered(grid, at)));
  };

  // Blocks of lines, longest first.
  for (let len = grid.length - 1; len >= 1; len--) {
    for (let a = grid.length - len; a >= 0; a--) {
      yield* withCounts('remove-lines', a, 0, (g) => [...g.slice(0, a), ...g.slice(a + len)]);
    }
  }
  // One token of a line.
  for (let l = 0; l < grid.length; l++) {
    for (let p = 0; p < grid[l]!.length; p++) {
      if (grid[l]!.length < 2) continue;
      yield* withCounts('remove-element', l, p, (g) => g.map((t, i) => (i === l ? [...t.slice(0, p), ...t.slice(p + 1)] : t)));
    }
  }
  // One character of a word.
  for (let l = 0; l < grid.length; l++) {
    for (let p = 0; p < grid[l]!.length; p++) {
      const word = grid[l]![p]!;
      if (isNumber(word) || word.length < 2) continue;
      for (let c = 0; c < word.length; c++) {
        const shorter = word.slice(0, c) + word.slice(c + 1);
        yield* withCounts('remove-char', l, p, (g) => g.map((t, i) => (i === l ? t.map((w, j) => (j === p ? shorter : w)) : t)));
      }
    }
  }
  // Smaller numbers.
  const set = (l: number, p: number, v: number): Grid => grid.map((t, i) => (i === l ? t.map((w, j) => (j === p ? String(v) : w)) : t));
  for (let l = 0; l < grid.length; l++) {
    for (let p = 0; p < grid[l]!.length; p++) {
      const token = grid[l]![p]!;
      if (!isNumber(token)) continue;
      const x = Number(token);
      const least = smallestAllowed(x, (v) => valid(print(set(l, p, v))));
      if (least !== null) yield* emit('lower-min', set(l, p, least));
      if (Math.floor(x / 2) < x) yield* emit('lower-half', set(l, p, Math.floor(x / 2)));
      yield* emit('lower-one', set(l, p, x - 1));
    }
  }
}

/** The smallest value below x the validator accepts in place of x, among 0..64 (x − 64..x − 1 for x ≤ 0). */
export function smallestAllowed(x: number, accepts: (v: number) => boolean): number | null {
  const from = x > 0 ? 0 : x - MIN_SCAN;
  for (let v = from, tried = 0; v < x && tried <= MIN_SCAN; v++, tried++) if (accepts(v)) return v;
  return null;
}
