import type * as fc from 'fast-check';
import type { CaseLayout } from '../problems/case-layout';
import type { ProblemPackage } from '../problems/types';
import { generateCase } from './cases';

/** One case of the problem's multi-case format ("T, then T cases"), cut from a generated input. */
export interface StreamCase {
  /** Its place in the run's stream of cases (0-based): what the run's case counts count. */
  index: number;
  /** The generated input it was cut from (generateCase's index). */
  source: number;
  /** Its lines of input, each with its line end. */
  text: string;
}

/**
 * The cases a batched stress run sends, in order: the cases of generated input 0, then those of
 * input 1, and so on (generateCase), so the same seed gives the same cases whatever the batch
 * sizes, and the cases a run meets are exactly those a one-case-a-run search meets, in the same order.
 */
export class CaseStream {
  private source = 0;
  private index = 0;
  private pending: StreamCase[] = [];

  constructor(
    private readonly arb: fc.Arbitrary<unknown>,
    private readonly pkg: ProblemPackage<unknown>,
    private readonly layout: CaseLayout,
    private readonly seed: number,
  ) {}

  /** Generated input `source`: its structured value and its text. */
  input(source: number): { value: fc.Value<unknown>; text: string } {
    const value = generateCase(this.arb, this.seed, source);
    return { value, text: this.pkg.format(value.value_) };
  }

  /** The next case of the stream. */
  next(): StreamCase {
    while (this.pending.length === 0) {
      const source = this.source++;
      this.pending = splitCases(this.input(source).text, this.layout).map((text) => ({ index: this.index++, source, text }));
    }
    return this.pending.shift()!;
  }

  /** Cases taken but not sent (the validator's bound): they come out of next() again, first. */
  putBack(cases: readonly StreamCase[]): void {
    this.pending.unshift(...cases);
  }

  /** Skips to case `index` (a resumed run): the inputs before it are generated again, not answered. */
  skipTo(index: number): void {
    while (this.index - this.pending.length < index) this.next();
  }
}

/**
 * The cases of an input text of the layout's shape, each as its lines with their line ends.
 * A generated input of another shape is a bug in the problem package or its layout.
 */
export function splitCases(text: string, layout: CaseLayout): string[] {
  const lines = text.split('\n');
  const t = /^\d+$/.test(lines[0] ?? '') ? Number(lines[0]) : NaN;
  if (!(t >= 1) || lines.at(-1) !== '' || lines.length !== 2 + t * layout.inputLinesPerCase) {
    throw new Error(`a generated input does not have the problem's case layout (T, then ${layout.inputLinesPerCase} line(s) a case): a bug in the problem package`);
  }
  const out: string[] = [];
  for (let c = 0; c < t; c++) out.push(`${lines.slice(1 + c * layout.inputLinesPerCase, 1 + (c + 1) * layout.inputLinesPerCase).join('\n')}\n`);
  return out;
}

/** The cases as one input of the problem's own format: T, then the cases. */
export function batchInput(cases: readonly { text: string }[]): string {
  return `${cases.length}\n${cases.map((c) => c.text).join('')}`;
}

/**
 * How many of the cases, from the first, make an input the validator accepts (all of them, or the
 * most a binary search finds): the problem's own bounds on T and on the input's total size hold
 * for every batch. 0 when even the first case alone is rejected.
 */
export function validPrefix(cases: readonly { text: string }[], validate: (text: string) => { ok: boolean }): number {
  if (cases.length === 0 || validate(batchInput(cases)).ok) return cases.length;
  let lo = 0;
  let hi = cases.length;
  // Invariant: the first `lo` cases are accepted (or lo = 0), the first `hi` are not.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (validate(batchInput(cases.slice(0, mid))).ok) lo = mid;
    else hi = mid;
  }
  return lo;
}
